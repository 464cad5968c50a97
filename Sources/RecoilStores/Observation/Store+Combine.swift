#if canImport(Combine)
  import RecoilConcurrency
  import Combine

  // Apple platforms only: Linux has no Combine, so this file is not compiled there.
  extension Store {
    /// The states as a Combine publisher: the current state first, then every new one. Each
    /// subscriber gets its own subscription to the store, so cancelling one never stops
    /// another.
    ///
    /// ```swift
    /// store.publisher.map(\.cart.items.count).sink { badge = $0 }.store(in: &cancellables)
    /// ```
    public var publisher: AnyPublisher<State, Never> {
      Deferred {
        // Subjects may be sent to from any thread (Combine documents them as thread-safe).
        nonisolated(unsafe) let subject = CurrentValueSubject<State, Never>(self.state)
        let subscription = self.subscribe { subject.send($0) }
        return subject.handleEvents(receiveCancel: { subscription.cancel() })
      }
      .eraseToAnyPublisher()
    }
  }
#endif
