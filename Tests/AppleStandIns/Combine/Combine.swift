// A stand-in for Apple's Combine with only what the package's Combine adapters and their test
// use, under the same names and signatures, so that Linux CI compiles and runs them
// (`Scripts/check-apple-adapters`). It is not Combine: no back pressure, no completion, and
// only the operators used here. On Apple platforms the real framework is used.

/// Something that can be cancelled.
public protocol Cancellable {
  /// Stops the work.
  func cancel()
}

/// A type-erased cancellable that cancels when released.
public final class AnyCancellable: Cancellable, Hashable {
  private var onCancel: (() -> Void)?

  /// Wraps a cancel action.
  public init(_ cancel: @escaping () -> Void) { onCancel = cancel }

  deinit { cancel() }

  public func cancel() {
    let action = onCancel
    onCancel = nil
    action?()
  }

  /// Keeps this cancellable in `set`.
  public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }

  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A subscription the stand-in operators pass along: values go to `receive`, cancelling runs
/// each `onCancel` once.
public final class StandInSubscription<Input> {
  let receive: (Input) -> Void
  var onCancel: [() -> Void] = []
  var isCancelled = false

  init(receive: @escaping (Input) -> Void) { self.receive = receive }

  func cancel() {
    guard !isCancelled else { return }
    isCancelled = true
    for action in onCancel { action() }
  }
}

/// Something that sends values over time.
public protocol Publisher<Output, Failure> {
  associatedtype Output
  associatedtype Failure: Error
  /// Starts sending to `subscription` (the stand-in's one requirement).
  func attach(_ subscription: StandInSubscription<Output>)
}

/// A publisher with a current value that it sends to each new subscriber.
public final class CurrentValueSubject<Output, Failure: Error>: Publisher {
  private var subscriptions: [StandInSubscription<Output>] = []
  /// The current value.
  public private(set) var value: Output

  /// Starts with `value`.
  public init(_ value: Output) { self.value = value }

  /// Sends `input` to every subscriber.
  public func send(_ input: Output) {
    value = input
    for subscription in subscriptions where !subscription.isCancelled { subscription.receive(input) }
  }

  public func attach(_ subscription: StandInSubscription<Output>) {
    subscriptions.append(subscription)
    subscription.receive(value)
  }
}

/// A publisher of another's values, of a fixed type.
public struct AnyPublisher<Output, Failure: Error>: Publisher {
  private let attachment: (StandInSubscription<Output>) -> Void

  init<Upstream: Publisher>(_ upstream: Upstream) where Upstream.Output == Output, Upstream.Failure == Failure {
    attachment = upstream.attach
  }

  public func attach(_ subscription: StandInSubscription<Output>) { attachment(subscription) }
}

/// A publisher made anew for each subscriber, by `createPublisher`.
public struct Deferred<DeferredPublisher: Publisher>: Publisher {
  public typealias Output = DeferredPublisher.Output
  public typealias Failure = DeferredPublisher.Failure
  let createPublisher: () -> DeferredPublisher

  /// Makes the publisher with `createPublisher` each time one subscribes.
  public init(createPublisher: @escaping () -> DeferredPublisher) { self.createPublisher = createPublisher }

  public func attach(_ subscription: StandInSubscription<Output>) { createPublisher().attach(subscription) }
}

/// The operators' types, as in Combine.
public enum Publishers {
  /// `handleEvents(receiveCancel:)`.
  public struct HandleEvents<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    let upstream: Upstream
    let receiveCancel: (() -> Void)?

    public func attach(_ subscription: StandInSubscription<Output>) {
      if let receiveCancel { subscription.onCancel.append(receiveCancel) }
      upstream.attach(subscription)
    }
  }

  /// `compactMap(_:)`.
  public struct CompactMap<Upstream: Publisher, Output>: Publisher {
    public typealias Failure = Upstream.Failure
    let upstream: Upstream
    let transform: (Upstream.Output) -> Output?

    public func attach(_ subscription: StandInSubscription<Output>) {
      let inner = StandInSubscription<Upstream.Output> { value in
        if let mapped = transform(value) { subscription.receive(mapped) }
      }
      subscription.onCancel.append(inner.cancel)
      upstream.attach(inner)
    }
  }

  /// `map(_:)`.
  public struct Map<Upstream: Publisher, Output>: Publisher {
    public typealias Failure = Upstream.Failure
    let upstream: Upstream
    let transform: (Upstream.Output) -> Output

    public func attach(_ subscription: StandInSubscription<Output>) {
      let inner = StandInSubscription<Upstream.Output> { subscription.receive(transform($0)) }
      subscription.onCancel.append(inner.cancel)
      upstream.attach(inner)
    }
  }
}

/// A subscription's demand, as in Combine (unused by the stand-in).
public enum Subscribers {
  /// How many values a subscriber wants.
  public struct Demand: Sendable {}
  /// How a publisher finished.
  public enum Completion<Failure: Error> {
    case finished
    case failure(Failure)
  }
}

/// A subscription as Combine hands it to `handleEvents(receiveSubscription:)`.
public protocol Subscription: Cancellable {}

extension Publisher {
  /// Performs the given actions as events happen (the stand-in calls `receiveCancel` only).
  public func handleEvents(
    receiveSubscription: ((any Subscription) -> Void)? = nil, receiveOutput: ((Output) -> Void)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil, receiveCancel: (() -> Void)? = nil,
    receiveRequest: ((Subscribers.Demand) -> Void)? = nil
  ) -> Publishers.HandleEvents<Self> {
    Publishers.HandleEvents(upstream: self, receiveCancel: receiveCancel)
  }

  /// Erases the publisher's type.
  public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher(self) }

  /// Sends the non-nil results of `transform`.
  public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
    Publishers.CompactMap(upstream: self, transform: transform)
  }

  /// Sends the results of `transform`.
  public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
    Publishers.Map(upstream: self, transform: transform)
  }
}

extension Publisher where Failure == Never {
  /// Calls `receiveValue` with each value until cancelled.
  public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    let subscription = StandInSubscription<Output>(receive: receiveValue)
    attach(subscription)
    return AnyCancellable(subscription.cancel)
  }
}
