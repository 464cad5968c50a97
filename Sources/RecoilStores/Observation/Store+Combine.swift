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
        let subject = SendableSubject(CurrentValueSubject<State, Never>(self.state))
        let subscription = self.subscribe { subject.send($0) }
        return subject.subject.handleEvents(receiveCancel: { subscription.cancel() })
      }
      .eraseToAnyPublisher()
    }
  }

  /// A subject handed to the store's subscription, which sends to it from whichever thread
  /// changes the state.
  // @unchecked Sendable: Combine documents its subjects as safe to send to from any thread.
  private struct SendableSubject<Output>: @unchecked Sendable {
    let subject: CurrentValueSubject<Output, Never>

    init(_ subject: CurrentValueSubject<Output, Never>) { self.subject = subject }

    func send(_ value: Output) { subject.send(value) }
  }
#endif
