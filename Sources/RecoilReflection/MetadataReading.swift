import Foundation
import RecoilConcurrency

/// Whether this process describes values from their types' metadata (``StoredFields`` for
/// structs and tuples, ``EnumCases`` for enums), or by `Mirror` alone.
///
/// The metadata reader relies on layouts the Swift ABI promises on Apple platforms; on others
/// they are stable in practice but not promised, and a wrong read inside an app is the worst
/// failure a debugger can have. So the reader checks itself once per process, on first use:
/// it describes a set of known values (single- and multi-payload enums, a generic enum,
/// nested structs, optionals, a class, existentials, a tuple) both ways, and on any
/// difference turns itself off for the process, leaving every value to a `Mirror` (slower,
/// never wrong), and says why in ``verdict``; the inspector reports it once. Setting
/// `RECOIL_INSPECT_REFLECTION=mirror` in the environment forces the `Mirror` path.
///
/// ```swift
/// if let reason = MetadataReading.verdict.reason { print("reflection by Mirror only:", reason) }
/// ```
package enum MetadataReading {
  /// The environment variable that, set to `mirror`, turns the metadata reader off.
  package static let environmentVariable = "RECOIL_INSPECT_REFLECTION"

  /// What the self-check decided for this process.
  package struct Verdict: Sendable, Equatable {
    /// Whether values are read from metadata.
    package var isEnabled: Bool
    /// Why not, when it is off: the environment, or the first value that read differently.
    package var reason: String?
  }

  /// The verdict for this process, found on first use.
  package static let verdict: Verdict = decide(
    environment: ProcessInfo.processInfo.environment, samples: SelfCheckSamples.values)

  /// Whether values are read from metadata in this process.
  package static var isEnabled: Bool { verdict.isEnabled }

  /// The verdict for `environment` and `samples`: off when the environment says so, or when a
  /// sample reads differently through metadata and through a `Mirror`.
  package static func decide(
    environment: [String: String], samples: [Any],
    reading: (Any, ReflectionCache) -> String = MetadataReading.reading
  ) -> Verdict {
    if environment[environmentVariable]?.lowercased() == "mirror" {
      return Verdict(isEnabled: false, reason: "\(environmentVariable)=mirror is set")
    }
    for sample in samples {
      let byMetadata = reading(sample, ReflectionCache(readingFields: true, selfChecked: false))
      let byMirror = reading(sample, ReflectionCache(readingFields: false, selfChecked: false))
      if byMetadata != byMirror {
        return Verdict(
          isEnabled: false,
          reason:
            "reading \(String(reflecting: type(of: sample))) from its metadata gave \(byMetadata), a Mirror \(byMirror)"
        )
      }
    }
    return Verdict(isEnabled: true, reason: nil)
  }

  /// What describing `value` through `cache` makes of it: as an action (its case path and
  /// payload, through ``EnumCases``), as a preview (tuples through ``StoredFields``), and its
  /// fields' labels and values when its type's fields are known.
  package static func reading(_ value: Any, cache: ReflectionCache) -> String {
    let action = ActionDescription(value, cache: cache) { ValuePreview.describe($0, limit: 500, cache: cache) }
    var text = "\(action.name) \(action.payload ?? "-") \(ValuePreview.describe(value, limit: 500, cache: cache))"
    if let fields = cache.fields(of: value) {
      for (field, element) in zip(fields.fields, fields.values(of: value)) {
        text += " \(field.label)=\(ValuePreview.describe(element, limit: 200))"
      }
    } else {
      // The same facts from a mirror, for a type whose fields are left to one (an enum's
      // case is in the action's name already).
      let mirror = Mirror(reflecting: value)
      for child in mirror.children where mirror.displayStyle != .enum {
        text += " \(child.label ?? "")=\(ValuePreview.describe(child.value, limit: 200))"
      }
    }
    return text
  }
}

/// The values the metadata reader is checked on: one of each shape it reads.
package enum SelfCheckSamples {
  enum Single: Sendable { case none, some(Int) }
  enum Multi: Sendable { case name(String), pair(Int, Bool), plain, nested(Single) }
  enum Generic<Value: Sendable>: Sendable { case value(Value), empty }
  indirect enum Tree: Sendable { case leaf(Int), node(Tree, Tree) }
  enum Labelled: Sendable { case move(x: Int, y: Int), stop }
  struct Inner: Sendable, Equatable { var count = 3; var name = "inner" }
  struct Outer: Sendable { var inner = Inner(); var optional: Int? = 7; var missing: String? = nil; var list = [1, 2] }
  final class Box: Sendable { let value = 5 }
  struct Holding: Sendable { var any: any Sendable = 42; var text: any CustomStringConvertible & Sendable = 1.5 }

  package static var values: [Any] {
    [
      Single.some(4), Single.none, Multi.name("Ann"), Multi.pair(2, true), Multi.plain, Multi.nested(.some(1)),
      Generic<String>.value("g"), Generic<Inner>.value(Inner()), Generic<Int>.empty,
      Tree.node(.leaf(1), .leaf(2)), Labelled.move(x: 1, y: 2), Labelled.stop, Inner(), Outer(), Box(), Holding(),
      (count: 1, "two"), Optional(Inner()) as Any, [Inner()],
    ]
  }
}
