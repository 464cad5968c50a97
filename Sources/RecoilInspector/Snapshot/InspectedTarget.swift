import RecoilAtoms
import RecoilStores
import Synchronization

/// Something an inspector is attached to.
enum InspectedTarget: Sendable {
  case container(ContainerTarget)
  case store(StoreTarget)

  var release: AttachmentRelease {
    switch self {
    case .container(let target): target.release
    case .store(let target): target.release
    }
  }

  var id: ObjectIdentifier {
    switch self {
    case .container(let target): target.id
    case .store(let target): target.id
    }
  }
}

/// Runs its work once, whoever calls first: ends an attachment (removes the hook and stops the
/// recording it started) whether it is detached or its inspector goes away.
final class AttachmentRelease: Sendable {
  private let isDone = Atomic<Bool>(false)
  private let release: @Sendable () -> Void

  init(_ release: @escaping @Sendable () -> Void) {
    self.release = release
  }

  func callAsFunction() {
    guard !isDone.exchange(true, ordering: .acquiringAndReleasing) else { return }
    release()
  }
}

/// An attached atom container; node ids carry `prefix`.
struct ContainerTarget: Sendable {
  let id: ObjectIdentifier
  let prefix: String
  weak var container: AtomContainer?
  let release: AttachmentRelease
}

/// An attached store, read through a closure so the inspector need not know its types.
struct StoreTarget: Sendable {
  /// What a snapshot needs of a store, read at one moment.
  struct Contents: @unchecked Sendable {
    // Sendable: built and consumed within one snapshot call; the values are Sendable and the
    // tuples only carry Sendable parts.
    var stateType: String
    var state: any Sendable
    var registeredSlices: [StoreSliceInfo]
    var sliceValues: [(name: String, value: any Sendable)]
    var selectors: [(name: String, inputs: [String])]
    var subscribers: Int
  }

  let id: ObjectIdentifier
  let name: String
  let contents: @Sendable () -> Contents?
  /// The actions the store recorded, named by `name`; nil once the store is gone.
  let recordedActions: @Sendable () -> ActionRecording?
  /// The store's newest recorded actions, for the live stream (see `StoreActionFeed`).
  let actionFeedSource: StoreActionFeed.Source
  /// The store as the remote control changes it.
  let control: any ControlledStore
  let release: AttachmentRelease
}
