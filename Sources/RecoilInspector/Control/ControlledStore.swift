import Foundation
import RecoilStores

/// An attached store as the remote control sees it, without its types: it decodes actions
/// with the store's own `Action` type and moves its state through the recorded history.
///
/// ```swift
/// let store: any ControlledStore = StoreControl(store: appStore, name: "app")
/// let (preview, dispatch) = try store.decodeAction(json: #"{"reset":{}}"#, redactor: redactor)
/// ```
protocol ControlledStore: Sendable {
  /// The store's name in the inspector.
  var name: String { get }
  /// Decodes `json` as an action: its preview, and how to dispatch it.
  func decodeAction(json: String, redactor: Redactor) throws -> (preview: String, dispatch: @Sendable () -> Void)
  /// The action type's cases, each with an example from the store's latest recorded actions.
  func actionCases(redactor: Redactor) -> ActionCases
  /// Whether one of the store's recorded actions is at step `seq`.
  func recordsAction(at seq: Int) -> Bool
  /// Holds the app's actions (see `Store.holdActions()`).
  func hold()
  /// Processes what was held and lets actions through.
  func release()
  /// The state now, to come back to.
  func currentState() -> Any?
  /// Puts a state from ``currentState()`` or ``state(asOf:)`` in place.
  func restore(_ state: Any)
  /// The state as of step `seq` of the causal timeline (the state after the store's last
  /// recorded action at or before it, or before its first one after it); `nil` when the
  /// store recorded no action after that step, so its state then is its state now.
  func state(asOf seq: Int) -> Any?
  /// The oldest recorded action's step, if any.
  var oldestStep: Int? { get }
  /// Replays the recorded actions without the one at step `seq`, from the state before the
  /// oldest, and puts the result in place; false when no recorded action of this store is
  /// at that step.
  func skip(_ seq: Int) -> Bool
}

/// ``ControlledStore`` for a `Store<State, Action>`, holding it weakly.
struct StoreControl<State: Sendable, Action: Sendable>: ControlledStore {
  let name: String
  private let store: @Sendable () -> Store<State, Action>?

  init(store: Store<State, Action>, name: String) {
    self.name = name
    self.store = { [weak store] in store }
  }

  private func attached() throws -> Store<State, Action> {
    guard let store = store() else { throw ControlRefusal("the store \(name) no longer exists") }
    return store
  }

  func decodeAction(json: String, redactor: Redactor) throws -> (preview: String, dispatch: @Sendable () -> Void) {
    let store = try attached()
    guard let type = Action.self as? any Decodable.Type else {
      throw ControlRefusal("\(name)'s actions (\(Action.self)) are not Decodable, so they cannot be sent from the tool")
    }
    let decoded: Any
    do {
      decoded = try JSONDecoder().decode(type, from: Data(json.utf8))
    } catch {
      throw ControlRefusal(
        DecodingErrorText.describe(error, subject: "\(name)/\(Action.self)", json: json, type: Action.self))
    }
    guard let action = decoded as? Action else { throw ControlRefusal("\(name): the action did not decode") }
    return (redactor.preview(action), { store.dispatch(action) })
  }

  /// The most recorded actions looked through for examples, newest first.
  static var mostActionsLookedAt: Int { 1_000 }

  func actionCases(redactor: Redactor) -> ActionCases {
    let recorded = store()?.recordedActions(after: 0, limit: Self.mostActionsLookedAt).records ?? []
    return ActionCases(of: Action.self, newestFirst: recorded.reversed().map(\.action), redactor: redactor)
  }

  func recordsAction(at seq: Int) -> Bool {
    store()?.recordedActions().records.contains { Int($0.order) == seq } ?? false
  }

  func hold() { store()?.holdActions() }
  func release() { store()?.releaseHeldActions() }
  func currentState() -> Any? { store()?.state }

  func restore(_ state: Any) {
    guard let state = state as? State else { return }
    store()?.replaceState(state)
  }

  func state(asOf seq: Int) -> Any? {
    guard let records = store()?.recordedActions().records, !records.isEmpty else { return nil }
    guard let next = records.firstIndex(where: { Int($0.order) > seq }) else { return nil }
    return next == 0 ? records[0].stateBefore : records[next - 1].stateAfter
  }

  var oldestStep: Int? { store()?.recordedActions().records.first.map { Int($0.order) } }

  func skip(_ seq: Int) -> Bool {
    guard let store = store() else { return false }
    let records = store.recordedActions().records
    guard records.contains(where: { Int($0.order) == seq }), let base = records.first?.stateBefore as? State else {
      return false
    }
    store.holdActions()
    let kept = records.filter { Int($0.order) != seq }.compactMap { $0.action as? Action }
    store.replaceState(store.reduced(base, by: kept))
    store.releaseHeldActions()
    return true
  }
}

/// Why a control request was refused: the app's answer says it.
///
/// ```swift
/// throw ControlRefusal("no node Pricing.curency is in use")
/// ```
struct ControlRefusal: Error, CustomStringConvertible {
  var message: String
  init(_ message: String) { self.message = message }
  var description: String { message }
}
