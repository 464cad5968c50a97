#if canImport(Combine)
  import RecoilConcurrency
  import Combine

  // Apple platforms only: Linux has no Combine, so this file is not compiled there; use
  // `subscribe`, `observe` (Observation) or `TrackingScope` instead, which work everywhere.
  extension AtomContainer {
    /// A node's states as a Combine publisher: its current `Loadable` first, then each change,
    /// until the subscriber cancels. Each subscriber gets its own subscription to the node, so
    /// cancelling one never stops another.
    ///
    /// ```swift
    /// container.publisher(for: CartState.total)
    ///   .compactMap(\.value)
    ///   .sink { label.text = "\($0)" }
    ///   .store(in: &cancellables)
    /// ```
    ///
    /// - Parameters:
    ///   - node: Any atom or selector.
    ///   - delivery: Where changes are sent; `.mainActor` for user interfaces.
    /// - Returns: The publisher.
    public func publisher<Value>(for node: Node<Value>, delivery: Delivery = .immediate) -> AnyPublisher<
      Loadable<Value>, Never
    > {
      Deferred {
        // Subjects may be sent to from any thread (Combine documents them as thread-safe).
        nonisolated(unsafe) let subject = CurrentValueSubject<Loadable<Value>, Never>(self.loadable(node))
        let subscription = self.subscribe(node, delivery: delivery) { subject.send($0) }
        return subject.handleEvents(receiveCancel: { subscription.cancel() })
      }
      .eraseToAnyPublisher()
    }
  }
#endif
