/// The cases of one Swift enum type, read from the metadata the compiler emits for it, so that
/// a value's case and payload are found without a `Mirror`.
///
/// Describing a snapshot's actions names each action's case and reads its payload. A `Mirror`
/// does that slowly, for every value: it looks up the type's conformance to
/// `CustomReflectable`, and demangles the payload's type name twice. The runtime keeps the
/// same facts in stable places (the Swift ABI): the case names and payload types in the type's
/// field descriptor, and which case a value is in its value witness table. They are read here
/// once per type, and each value then costs one call to find its case and one to take its
/// payload out: what a mirror does inside, in a small part of the time (Benchmarks/README.md).
///
/// A type whose metadata does not say enough (metadata stripped of reflection, a type that
/// customizes its mirror, which ``ReflectionCache`` checks) is left to a `Mirror`, and so is a
/// payload in a box of its own (an indirect case) or of an existential type: ``init(_:)`` or
/// ``case(of:)`` answer `nil`.
///
/// ```swift
/// enum Action { case rename(String), reset }
/// let cases = EnumCases(Action.self)
/// cases?.case(of: Action.rename("Ann"))   // ("rename", "Ann")
/// cases?.case(of: Action.reset)           // ("reset", nil)
/// ```
package struct EnumCases {
  /// One case: its name, and the type of its payload (`nil` for a case without one).
  private struct Case {
    var label: String
    var payload: Any.Type?
    /// Whether the payload is stored in the value, and is no existential (`Any`, say), which a
    /// mirror's child and the rest of reflection look into.
    var isReadable: Bool
  }

  /// The cases by tag: the runtime numbers the cases with payloads first, then the others,
  /// each in declaration order, and its field descriptor lists them in that order.
  private let cases: [Case]
  private let metadata: UnsafeRawPointer
  private let tag: TagWitness
  private let projectPayload: ProjectionWitness

  /// The value witness that tells a value's case (`getEnumTag`). Swift's calling convention
  /// passes these two pointers as C's does.
  private typealias TagWitness = @convention(c) (_ value: UnsafeRawPointer, _ metadata: UnsafeRawPointer) -> UInt32
  /// The value witness that leaves only the payload in a value (`destructiveProjectEnumData`).
  private typealias ProjectionWitness =
    @convention(c) (
      _ value: UnsafeMutableRawPointer, _ metadata: UnsafeRawPointer
    ) -> Void

  /// The cases of `type`, or `nil` when it is not an enum whose metadata can be read here
  /// (`Optional` included: it is left to the mirror, as it always was).
  package init?(_ type: Any.Type) {
    #if _ptrauth(_arm64e)
      // Value witnesses are signed pointers there, which a plain call cannot use.
      return nil
    #else
      let word = MemoryLayout<UnsafeRawPointer>.size
      let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
      guard Self.kind(of: type) == Layout.enumKind else { return nil }
      // The value witness table sits just before the metadata; an enum's has three more
      // witnesses after the common ten and the layout's two 32-bit fields.
      let witnesses = metadata.load(fromByteOffset: -word, as: UnsafeRawPointer.self)
      let witnessFlags = witnesses.load(fromByteOffset: 10 * word, as: UInt32.self)
      guard witnessFlags & Layout.hasEnumWitnesses != 0 else { return nil }
      let descriptor = metadata.load(fromByteOffset: word, as: UnsafeRawPointer.self)
      let descriptorFlags = descriptor.load(as: UInt32.self)
      guard descriptorFlags & Layout.kindMask == Layout.enumDescriptorKind,
        let fields = Self.relative(descriptor, at: Layout.fieldsOffset)
      else { return nil }
      let payloadCases = Int(
        descriptor.load(fromByteOffset: Layout.payloadCasesOffset, as: UInt32.self) & Layout.payloadCasesMask)
      let emptyCases = Int(descriptor.load(fromByteOffset: Layout.emptyCasesOffset, as: UInt32.self))
      let recordSize = Int(fields.load(fromByteOffset: Layout.recordSizeOffset, as: UInt16.self))
      let count = Int(fields.load(fromByteOffset: Layout.recordCountOffset, as: UInt32.self))
      guard count == payloadCases + emptyCases, recordSize >= Layout.recordMinimumSize else { return nil }
      // A generic enum's arguments follow its kind and descriptor; payload types name them.
      let arguments = descriptorFlags & Layout.isGeneric != 0 ? metadata + 2 * word : nil
      var cases: [Case] = []
      for index in 0..<count {
        let record = fields + Layout.recordsOffset + index * recordSize
        guard let name = Self.relative(record, at: Layout.recordNameOffset) else { return nil }
        var payload: Any.Type?
        if index < payloadCases {
          guard let mangled = Self.relative(record, at: Layout.recordTypeOffset),
            let found = Self.payloadType(named: mangled, in: descriptor, arguments: arguments)
          else { return nil }
          payload = found
        }
        let isIndirect = record.load(as: UInt32.self) & Layout.isIndirectCase != 0
        let isExistential = payload.map { Layout.existentialKinds.contains(Self.kind(of: $0)) } ?? false
        cases.append(
          Case(
            label: String(cString: name.assumingMemoryBound(to: CChar.self)), payload: payload,
            isReadable: !isIndirect && !isExistential))
      }
      self.cases = cases
      self.metadata = metadata
      tag = witnesses.load(fromByteOffset: 10 * word + 8, as: TagWitness.self)
      projectPayload = witnesses.load(fromByteOffset: 11 * word + 8, as: ProjectionWitness.self)
    #endif
  }

  /// Every case's name and whether it has a payload, cases with payloads first, each in
  /// declaration order (the runtime's order): what a tool asking for a value of this type can
  /// be told it takes.
  ///
  /// ```swift
  /// EnumCases(Action.self)?.names   // [("rename", true), ("reset", false)]
  /// ```
  package var names: [(name: String, hasPayload: Bool)] { cases.map { ($0.label, $0.payload != nil) } }

  /// The name of `value`'s case and its payload (`nil` for a case without one), as a mirror's
  /// first child gives them; `nil` for a case whose payload is not read here, and for a value
  /// not of this type.
  package func `case`(of value: Any) -> (label: String, payload: Any?)? {
    typealias Found = (label: String, payload: Any?)
    func open<Enum>(_ value: Enum) -> Found? {
      // Compared as opened: a mirror's child can be an `Any` that holds an existential.
      guard unsafeBitCast(Enum.self as Any.Type, to: UnsafeRawPointer.self) == metadata else { return nil }
      // The payload is taken out of a copy: projecting it clears the tag bits it may share.
      return withUnsafeTemporaryAllocation(of: Enum.self, capacity: 1) { buffer -> Found? in
        let copy = buffer.baseAddress!
        copy.initialize(to: value)
        let found = cases[Int(tag(copy, metadata))]
        guard let payloadType = found.payload, found.isReadable else {
          copy.deinitialize(count: 1)
          return found.payload == nil ? (found.label, nil) : nil
        }
        projectPayload(copy, metadata)
        // The copy now holds just the payload, which is moved out: nothing is left to destroy.
        func take<Payload>(_: Payload.Type) -> Any {
          UnsafeMutableRawPointer(copy).assumingMemoryBound(to: Payload.self).move()
        }
        return (found.label, _openExistential(payloadType, do: take))
      }
    }
    return _openExistential(value, do: open)
  }

  /// The kind a type's metadata starts with (struct, enum, existential…).
  private static func kind(of type: Any.Type) -> UInt {
    unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
  }

  /// The target of the 32-bit relative pointer at `offset` from `base`; `nil` for a null one.
  private static func relative(_ base: UnsafeRawPointer, at offset: Int) -> UnsafeRawPointer? {
    let distance = base.load(fromByteOffset: offset, as: Int32.self)
    return distance == 0 ? nil : base + offset + Int(distance)
  }

  /// The type a field record's mangled name stands for, resolved by the runtime as compiled code
  /// resolves it. The name ends at a zero byte; references to other metadata inside it are
  /// a marker byte and a relative (1–0x17) or absolute (0x18–0x1F) pointer, skipped whole.
  private static func payloadType(
    named mangled: UnsafeRawPointer, in descriptor: UnsafeRawPointer, arguments: UnsafeRawPointer?
  ) -> Any.Type? {
    var end = mangled
    while true {
      let byte = end.load(as: UInt8.self)
      if byte == 0 { break }
      end += byte <= 0x17 ? 5 : byte <= 0x1F ? 1 + MemoryLayout<UnsafeRawPointer>.size : 1
    }
    return _getTypeByMangledNameInContext(
      mangled.assumingMemoryBound(to: UInt8.self), UInt(end - mangled), genericContext: descriptor,
      genericArguments: arguments)
  }

  /// Constants of the Swift ABI's metadata layout (`include/swift/ABI/Metadata.h` and
  /// `MetadataValues.h` in the Swift repository).
  private enum Layout {
    static let enumKind: UInt = 0x201
    /// An existential, an existential metatype, and an extended existential (`any P<T>`).
    static let existentialKinds: [UInt] = [0x303, 0x306, 0x307]
    static let hasEnumWitnesses: UInt32 = 0x0020_0000
    static let kindMask: UInt32 = 0x1F
    static let enumDescriptorKind: UInt32 = 18
    static let isGeneric: UInt32 = 0x80
    /// In an enum's type descriptor: its field descriptor (a relative pointer), its number of
    /// cases with payloads (the low 24 bits) and without.
    static let fieldsOffset = 16
    static let payloadCasesOffset = 20
    static let payloadCasesMask: UInt32 = 0xFF_FFFF
    static let emptyCasesOffset = 24
    /// In a field descriptor: the size and number of its records, then the records.
    static let recordSizeOffset = 10
    static let recordCountOffset = 12
    static let recordsOffset = 16
    /// In a field record: its flags, its type's mangled name and its name (relative pointers).
    static let recordMinimumSize = 12
    static let recordTypeOffset = 4
    static let recordNameOffset = 8
    static let isIndirectCase: UInt32 = 0x1
  }
}
