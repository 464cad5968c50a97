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
    ///   - label: What the inspector calls its subscriptions; by default where it was made.
    ///   - delivery: Where changes are sent; `.mainActor` for user interfaces.
    ///   - file: Where it was made; filled in by the compiler.
    ///   - line: The line where it was made; filled in by the compiler.
    /// - Returns: The publisher.
    public func publisher<Value>(
      for node: Node<Value>, label: String? = nil, delivery: Delivery = .immediate, file: StaticString = #fileID,
      line: UInt = #line
    ) -> AnyPublisher<Loadable<Value>, Never> {
      let site = CallSite(file: file, line: line)
      return Deferred {
        let shared = SharedSubject(CurrentValueSubject<Loadable<Value>, Never>(self.loadable(node)))
        let subscription = self.subscribe(node, label: label, site: site, delivery: delivery) {
          shared.subject.send($0)
        }
        return shared.subject.handleEvents(receiveCancel: { subscription.cancel() })
      }
      .eraseToAnyPublisher()
    }
  }
  /// A subject that a subscription's callback sends to, from whatever thread delivers.
  // @unchecked Sendable: Combine documents subjects as thread-safe; `send` may come from any
  // thread, and `subject` itself never changes.
  private final class SharedSubject<Output>: @unchecked Sendable {
    let subject: CurrentValueSubject<Output, Never>
    init(_ subject: CurrentValueSubject<Output, Never>) { self.subject = subject }
  }
#endif
