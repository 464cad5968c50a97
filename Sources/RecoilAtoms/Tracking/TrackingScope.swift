import RecoilConcurrency

/// Runs a closure that reads nodes, and runs it again whenever something it read changes, on
/// its delivery: MobX's `autorun`, and what RecoilSwift's `@RecoilScope` and `RecoilUIScope`
/// do for a view. What a run reads is what the next change is watched for, so a closure whose
/// reads depend on a condition follows them.
///
/// The scope runs until it is cancelled or released. Reads go through the ``TrackedReader``
/// the closure receives; ``TrackedReader/binding(_:)`` gives a get/set pair for a writable
/// node, like RecoilSwift's `useBinding`.
///
/// ```swift
/// final class CartBadge {
///   var scope: TrackingScope?
///   init(container: AtomContainer) {
///     scope = TrackingScope(container: container, delivery: .mainActor) { get in
///       let count = (try? get(Cart.itemCount)) ?? 0
///       print("badge:", count)   // label.text = "\(count)"
///     }
///   }
/// }
/// ```
public final class TrackingScope: Sendable {
  private struct State {
    /// What the latest run read, each with its subscription.
    var watched: [NodeKey: Subscription] = [:]
    var isRunning = false
    var runAgain = false
    var isCancelled = false
  }

  private let container: AtomContainer
  /// What the inspector calls its subscriptions, and where it was made.
  private let label: String?
  private let site: CallSite
  private let body: @Sendable (TrackedReader) -> Void
  private let state = LockedValue(State())
  /// Runs the scope on its delivery (the argument carries nothing).
  private let schedule: @Sendable (Bool) -> Void
  /// A run that changes what it read runs again; this many times in a row at most, so that a
  /// closure that always changes what it reads cannot loop forever.
  static let maximumRunsInARow = 100

  /// Starts a scope: runs `body` once on `delivery`, then again after each change of what it
  /// read.
  ///
  /// ```swift
  /// let scope = TrackingScope(container: container) { get in render(try? get(Cart.total)) }
  /// ```
  ///
  /// - Parameters:
  ///   - container: The container the closure reads.
  ///   - label: What the inspector calls the scope's subscriptions; by default where it was made.
  ///   - delivery: Where the closure runs; by default on the thread that made the change.
  ///   - file: Where it was made; filled in by the compiler.
  ///   - line: The line where it was made; filled in by the compiler.
  ///   - body: Reads nodes through the reader it is given.
  public init(
    container: AtomContainer, label: String? = nil, delivery: Delivery = .immediate, file: StaticString = #fileID,
    line: UInt = #line, _ body: @escaping @Sendable (TrackedReader) -> Void
  ) {
    self.container = container
    self.label = label
    self.site = CallSite(file: file, line: line)
    self.body = body
    // Set before `self` is complete; the scope is captured weakly.
    let box = WeakScope()
    schedule = delivery.wrap { (_: Bool) in box.scope?.run() }
    box.scope = self
    schedule(true)
  }

  deinit {
    for subscription in state.withLock({ $0.watched.values }) { subscription.cancel() }
  }

  /// Stops the scope: the closure does not run again.
  ///
  /// ```swift
  /// scope.cancel()
  /// ```
  public func cancel() {
    let watched = state.withLock { state in
      state.isCancelled = true
      defer { state.watched = [:] }
      return state.watched.values
    }
    for subscription in watched { subscription.cancel() }
  }

  /// Something read changed.
  private func invalidate() {
    let runNow = state.withLock { state -> Bool in
      guard !state.isCancelled else { return false }
      if state.isRunning {
        state.runAgain = true
        return false
      }
      return true
    }
    if runNow { schedule(true) }
  }

  private func run() {
    var runs = 0
    while runs < Self.maximumRunsInARow {
      let proceed = state.withLock { state -> Bool in
        guard !state.isCancelled, !state.isRunning else { return false }
        state.isRunning = true
        state.runAgain = false
        return true
      }
      guard proceed else { return }
      runs += 1
      let reads = ReadSet(label: label, site: site) { [weak self] key, subscribe in self?.watch(key, subscribe) }
      if container.isRecording {
        // A recording container keeps the run as an entry of its own: what it read and how
        // long it took; what it writes names it as their cause.
        let (order, cause) = (CausalOrder.next(), CauseContext.current)
        let start = MonotonicClock.nanos
        CauseContext.withCause(order) { body(TrackedReader(container: container, reads: reads)) }
        let duration = MonotonicClock.nanos &- start
        container.record(
          RecordedScopeRun(
            order: order, cause: cause, label: label, site: site,
            reads: reads.keys.sorted { $0.description < $1.description }, startNanos: start,
            durationNanos: duration))
      } else {
        body(TrackedReader(container: container, reads: reads))
      }
      // Stop watching what this run did not read.
      let read = reads.keys
      let (dropped, again) = state.withLock { state -> ([Subscription], Bool) in
        let dropped = state.watched.filter { !read.contains($0.key) }
        for key in dropped.keys { state.watched[key] = nil }
        state.isRunning = false
        return (Array(dropped.values), state.runAgain && !state.isCancelled)
      }
      for subscription in dropped { subscription.cancel() }
      guard again else { return }
    }
  }

  /// Watches a node about to be read, unless it is watched already. The subscription is made
  /// before the read, so that no change between the two goes unseen.
  private func watch(_ key: NodeKey, _ subscribe: (@escaping @Sendable () -> Void) -> Subscription?) {
    let isWatched = state.withLock { $0.isCancelled || $0.watched[key] != nil }
    guard !isWatched, let subscription = subscribe({ [weak self] in self?.invalidate() }) else { return }
    let unused = state.withLock { state -> Subscription? in
      guard !state.isCancelled, state.watched[key] == nil else { return subscription }
      state.watched[key] = subscription
      return nil
    }
    unused?.cancel()
  }
}

/// The scope, weakly, for the scheduled closure made before the scope was complete.
private final class WeakScope: @unchecked Sendable {
  // @unchecked: written once, in the scope's initializer, before anything can read it.
  weak var scope: TrackingScope?
}

/// What one run of a scope read. Each node is handed to the scope to watch the first time it
/// is read.
final class ReadSet: Sendable {
  typealias Watch = @Sendable (NodeKey, (@escaping @Sendable () -> Void) -> Subscription?) -> Void

  private let state = LockedValue<Set<NodeKey>>([])
  private let watch: Watch
  private let label: String?
  private let site: CallSite

  init(label: String?, site: CallSite, watch: @escaping Watch) {
    self.label = label
    self.site = site
    self.watch = watch
  }

  var keys: Set<NodeKey> { state.withLock { $0 } }

  func record<Value>(_ node: Node<Value>, in container: AtomContainer) {
    guard state.withLock({ $0.insert(node.key).inserted }) else { return }
    watch(node.key) { [label, site] onChange in container.subscribe(node, label: label, site: site) { _ in onChange() }
    }
  }
}
