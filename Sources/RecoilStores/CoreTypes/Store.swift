import Dispatch
import RecoilConcurrency
import Synchronization

/// A Redux store: one value-type state, changed only by dispatching actions through reducers.
///
/// It serves both styles: a single reducer (``Reducer``, with ``Reducer/combine(_:)-(Reducer...)``
/// and ``Reducer/lift(state:action:)``), and slices registered per key path, each with its own
/// reducer and observable on its own (``registerSlice(_:name:reducer:)``).
///
/// ## Dispatch
///
/// `dispatch` may be called from any thread or task. Actions are processed one at a time in
/// FIFO order: middleware, then the reducer and slice reducers, then subscribers are notified,
/// then matching effects start. An action dispatched while another is being processed (from a
/// subscriber, a middleware, an effect, or another thread) is queued and processed after it,
/// by the thread already processing; so there is no nested notification and every subscriber
/// sees every state, in order. Dispatching from inside a reducer is a programmer error and
/// stops the program with a message saying so.
///
/// ```swift
/// let store = Store(initialState: AppState(), reducer: appReducer, name: "app")
/// let subscription = store.subscribe { state in print(state.cart.items.count) }
/// store.dispatch(.cart(.add(item)))
/// ```
public final class Store<State: Sendable, Action: Sendable>: Sendable {
  /// The store's name, as shown by the inspector.
  public let name: String

  @usableFromInline let _lock = Lock()
  /// Guarded by `lock` (see `_StoreStorage`).
  @usableFromInline let _storage: _StoreStorage<State, Action>
  /// Set while some thread processes the queue.
  @usableFromInline let _isProcessing = Atomic<Bool>(false)
  /// Work waiting in `storage.queue`, readable without the lock.
  @usableFromInline let _pending = Atomic<Int>(0)
  /// Whether no observer, slice or effect is registered: then processing skips reading the
  /// configuration under the lock. Changed only while holding `lock`.
  @usableFromInline let _hasNoConfiguration = Atomic<Bool>(true)
  /// Bumped (under `lock`) at every change of the configuration.
  @usableFromInline let _configurationVersion = Atomic<Int>(0)
  /// The thread running a reducer, to report a dispatch from inside it.
  @usableFromInline let _reducingThread = Atomic<UInt>(0)
  /// Whether its subscriptions' callbacks are counted and timed: while it records actions.
  let subscriberRecording = SubscriberTally.Recording()
  /// The last subscription's id.
  let subscriberIDs = Atomic<UInt64>(0)
  @usableFromInline let _reducer: Reducer<State, Action>
  @usableFromInline let _middleware: [Middleware<State, Action>]

  /// Creates a store.
  ///
  /// ```swift
  /// let store = Store(initialState: 0, reducer: Reducer<Int, Int> { $0 += $1 }, name: "counter")
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state before any action.
  ///   - reducer: The reducer (``Reducer/empty`` when the state is all slices).
  ///   - middleware: Run in order before the reducer for every action.
  ///   - name: The store's name, for the inspector.
  public init(
    initialState: State, reducer: Reducer<State, Action> = .empty, middleware: [Middleware<State, Action>] = [],
    name: String = String(describing: State.self)
  ) {
    self.name = name
    self._reducer = reducer
    self._middleware = middleware
    self._storage = _StoreStorage(state: initialState)
  }

  deinit {
    for task in _storage._effectTasks.values { task.task.cancel() }
  }

  /// The current state.
  ///
  /// ```swift
  /// let count = store.state.cart.items.count
  /// ```
  public var state: State {
    _lock.withLock { _storage._state }
  }

  // MARK: - Dispatch

  /// Sends an action to the store.
  ///
  /// When no other action is being processed, the action is processed before `dispatch`
  /// returns; otherwise it is queued behind the others and processed by the thread already
  /// processing.
  ///
  /// ```swift
  /// store.dispatch(.user(.setName("Ann")))
  /// ```
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - file: Where it is dispatched, for the inspector's trace; filled in by the compiler.
  ///   - line: Where it is dispatched; filled in by the compiler.
  @inlinable public func dispatch(_ action: Action, file: StaticString = #fileID, line: UInt = #line) {
    _dispatch(action, at: CallSite(file: file, line: line))
  }

  /// ``dispatch(_:file:line:)`` with the call site already made, for middleware and effects.
  @inlinable func _dispatch(_ action: Action, at site: CallSite) {
    if _reducingThread.load(ordering: .relaxed) == CurrentThread.id {
      ProgrammerError.stop(
        "Store '\(name)': dispatch(\(action)) was called from inside a reducer; reducers must be pure. Dispatch from middleware, an effect or a subscriber instead."
      )
    }
    if _isProcessing.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged {
      // Its cause, unless it was queued, is the one bound when it is processed, which is now.
      _processAction(action, origin: _ActionOrigin(site: site, cause: 0))
      _drainQueue(startingWith: nil)
    } else {
      _enqueue(action, at: site)
    }
  }

}
