import RecoilConcurrency
import RecoilReflection

// The types of RecoilConcurrency that are part of this module's API, by name, so that an app
// needs no other import; the rest of that module (the causal clock, locks, buffers) stays
// inside the package. RecoilAtoms and RecoilStores both name them: the same types, never
// ambiguous.

/// Where a subscriber's callback runs: at once on the changing thread, on the main actor, or
/// on a queue (see `RecoilConcurrency.Delivery`).
///
/// ```swift
/// container.subscribe(Cart.total, delivery: .mainActor) { label.text = "\($0.value ?? 0)" }
/// ```
public typealias Delivery = RecoilConcurrency.Delivery

/// Whether a subscription is first told the current state, or only of changes.
///
/// ```swift
/// store.subscribe(starting: .currentThenChanges) { print($0) }
/// ```
public typealias SubscriptionStart = RecoilConcurrency.SubscriptionStart

/// Which operations a recording times (every one, or a sample).
///
/// ```swift
/// store.startRecordingActions(timing: .everyOperation)
/// ```
public typealias RecordingTiming = RecoilConcurrency.RecordingTiming

/// Counts and times of a node's or selector's evaluations, as a recording keeps them.
///
/// ```swift
/// let stats = container.recordedEvaluations().statistics[key]
/// print(stats?.count ?? 0, stats?.meanNanos ?? 0)
/// ```
public typealias EvaluationStatistics = RecoilConcurrency.EvaluationStatistics

/// Where in the app's code an operation was asked for (`#fileID:#line`).
///
/// ```swift
/// for write in container.recordedEvaluations().writes { print(write.site?.description ?? "") }
/// ```
public typealias CallSite = RecoilConcurrency.CallSite

/// A subscription a notification reached, with its callback's time (see
/// `RecoilConcurrency.RecordedReach`).
///
/// ```swift
/// for reach in recorded.reached { print(reach.subscription, reach.durationNanos ?? 0) }
/// ```
public typealias RecordedReach = RecoilConcurrency.RecordedReach

// The types of RecoilReflection that stores' users describe actions and values with.

/// An action's name and payload preview, as traces and snapshots show it
/// (see `RecoilReflection.ActionDescription`).
///
/// ```swift
/// let described = ActionDescription(CartAction.add(sku: "A1"))
/// print(described.name, described.payload ?? "")  // add "A1"
/// ```
public typealias ActionDescription = RecoilReflection.ActionDescription

/// Short, readable previews of values (see `RecoilReflection.ValuePreview`).
///
/// ```swift
/// ValuePreview.describe([1, 2, 3], limit: 5)  // "[1, …"
/// ```
public typealias ValuePreview = RecoilReflection.ValuePreview
