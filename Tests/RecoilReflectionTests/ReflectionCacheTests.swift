import Testing

@testable import RecoilReflection

/// The fast reflection behind describing actions must see exactly what a `Mirror` sees, and
/// leave to a `Mirror` every type it cannot read safely.
@Suite struct ReflectionCacheTests {
  final class Box: @unchecked Sendable { var value = 1 }
  struct Account { var name = "ann"; var balance = 10; var tags = ["a"] }
  struct Watching { weak var box: Box?; var count = 0 }
  struct Borrowing { unowned var box: Box; var count = 0 }
  struct Acting { var onTap: () -> Void = {}; var count = 0 }
  struct Masked: CustomReflectable {
    var secret = "s"
    var customMirror: Mirror { Mirror(self, children: ["shown": 1]) }
  }
  enum Choice { case one(Int), two }

  @Test func aStructsFieldsAreTheOnesItsMirrorShows() throws {
    let fields = try #require(StoredFields(of: Account()))
    #expect(fields.fields.map(\.label) == Mirror(reflecting: Account()).children.map { $0.label ?? "" })
    #expect(!fields.isTuple)
    let values = fields.values(of: Account())
    #expect(values[0] as? String == "ann" && values[1] as? Int == 10 && values[2] as? [String] == ["a"])
  }

  @Test func onlyTheFieldsWhoseBytesDifferAreRead() throws {
    let before = Account()
    let fields = try #require(StoredFields(of: before))
    var after = before
    after.balance = 12
    let differences = fields.differences(before, after)
    #expect(differences.map(\.label) == ["balance"])
    #expect(differences.first?.before as? Int == 10 && differences.first?.after as? Int == 12)
    #expect(fields.differences(before, before).isEmpty)
    // Equal arrays in two buffers differ in their bytes: they are read, and compared further.
    #expect(fields.differences(before, Account()).map(\.label) == ["tags"])
    // A value of another type differs in nothing that these fields can say.
    #expect(fields.differences(Account(), 5).isEmpty)
    #expect(fields.differences(5, Account()).isEmpty && fields.values(of: "not an account").isEmpty)
  }

  @Test func aTuplesFieldsAreLabelledAsItsMirrorLabelsThem() throws {
    let pair: (count: Int, String) = (1, "a")
    let fields = try #require(StoredFields(of: pair))
    #expect(fields.isTuple)
    #expect(fields.fields.map(\.label) == ["count", ".1"])
  }

  @Test func typesNotReadSafelyByOffsetAreLeftToAMirror() {
    let box = Box()
    #expect(StoredFields(of: Watching(box: box)) == nil)  // weak: not stored as what it holds
    #expect(StoredFields(of: Borrowing(box: box)) == nil)  // unowned: likewise
    #expect(StoredFields(of: Acting()) == nil)  // a function
    #expect(StoredFields(of: Masked()) == nil)  // a custom mirror shows other children
    #expect(StoredFields(of: box) == nil)  // a class
    #expect(StoredFields(of: Choice.one(1)) == nil)  // an enum
    #expect(StoredFields(of: [1, 2]) == nil)  // a collection
    #expect(StoredFields(of: 5) == nil)  // a scalar
  }

  @Test func equalityIsLearnedPerTypeAndAppliedToEachPair() {
    let cache = ReflectionCache()
    #expect(cache.isEqual(1, 1) == true)
    #expect(cache.isEqual(1, 2) == false)
    #expect(cache.isEqual(1, "1") == false)
    #expect(cache.isEqual(Box(), Box()) == nil)
    #expect(cache.isEqual(Box(), Box()) == nil)
    #expect(cache.isEqual("a", "a") == true)
  }

  @Test func tuplesAreKnownByTypeAndCustomMirrorsAreAskedEachTime() {
    let cache = ReflectionCache()
    #expect(cache.isTuple((1, 2)))
    #expect(!cache.isTuple(Account()))
    #expect(!cache.isTuple("text"))
    #expect(!cache.isTuple(Masked()))
  }

  @Test func aTupleIsPreviewedAsPrintWritesIt() {
    let cache = ReflectionCache()
    let values: [Any] = [
      (times: 1, "b"), (name: "Ann", account: Account()), (1, [2, 3], Choice.one(4)), (Box(), 1.5),
    ]
    for value in values {
      #expect(ValuePreview.describe(value, cache: cache) == ValuePreview.describe(value))
      #expect(ValuePreview.describe(value, limit: 8, cache: cache) == ValuePreview.describe(value, limit: 8))
    }
    #expect(ValuePreview.describe((times: 1, "b"), cache: cache) == #"(times: 1, "b")"#)
  }

  class Shape: Equatable {
    let sides: Int
    init(sides: Int) { self.sides = sides }
    static func == (lhs: Shape, rhs: Shape) -> Bool { lhs.sides == rhs.sides }
  }
  final class Square: Shape { init() { super.init(sides: 4) } }

  @Test func equalityHoldsForExactTypesAndSubclassInstances() {
    struct Profile: Equatable { var name = "ann"; var tags = ["a"] }
    let cache = ReflectionCache()
    #expect(cache.isEqual(Profile(), Profile()) == true)
    #expect(cache.isEqual(Profile(), Profile(name: "bob")) == false)
    #expect(cache.isEqual(Profile(), 5) == false)
    // A subclass instance is compared as its superclass, as a conditional cast would.
    #expect(cache.isEqual(Shape(sides: 4), Square()) == true)
    #expect(cache.isEqual(Shape(sides: 3), Square()) == false)
    // A superclass instance is no instance of the subclass, so never equal to one.
    #expect(cache.isEqual(Square(), Shape(sides: 4)) == false)
  }

  @Test func aValueOfAKnownExactTypeIsReadOutOfItsBoxAsItIs() {
    // Inline in the existential, boxed on the heap, and a reference: each read is a copy that
    // owns what it holds, as a cast's would.
    let number: Any = 42
    #expect(ExactCast.value(number, as: Int.self) == 42)
    let account: Any = Account(name: "a long name that is not stored inline", balance: -3, tags: ["x", "y"])
    let read = ExactCast.value(account, as: Account.self)
    #expect(read.name == "a long name that is not stored inline" && read.balance == -3 && read.tags == ["x", "y"])
    let box = Box()
    box.value = 7
    let held: Any = box
    #expect(ExactCast.value(held, as: Box.self) === box)
    var copies: [Account] = []
    for _ in 0..<3 { copies.append(ExactCast.value(account, as: Account.self)) }
    copies[0].tags.append("z")
    #expect(copies[1].tags == ["x", "y"] && (account as? Account)?.tags == ["x", "y"])
  }

  /// A mirror's child of an existential type is an `Any` holding that existential: opening it
  /// gives the existential, whose bytes (a box's, for a large value) are not the value's.
  @Test func aValueHeldInAnExistentialIsReadAsTheValueInside() throws {
    enum Event { case value(Any), shape(any CustomStringConvertible) }
    let account = Account(name: "a long name that is not stored inline", balance: -3, tags: ["x", "y"])
    let changed = Account(name: "another long name, not stored inline", balance: 4, tags: account.tags)
    for event in [Event.value(account), Event.shape("a text long enough to be stored apart")] {
      let child = try #require(Mirror(reflecting: event).children.first?.value)
      let direct: Any = ExactCast.unwrapped(child)
      func held<Held>(_: Held) -> Any.Type { Held.self }
      #expect(ObjectIdentifier(_openExistential(direct, do: held)) == ObjectIdentifier(type(of: child)))
      #expect(ObjectIdentifier(_openExistential(child, do: held)) != ObjectIdentifier(type(of: child)))
    }
    let child = try #require(Mirror(reflecting: Event.value(account)).children.first?.value)
    let other = try #require(Mirror(reflecting: Event.value(changed)).children.first?.value)
    let read = ExactCast.value(child, as: Account.self)
    #expect(read.name == account.name && read.balance == -3 && read.tags == ["x", "y"])
    #expect(ExactCast.withPointer(to: child, as: Account.self) { $0.pointee.name } == account.name)
    let fields = try #require(StoredFields(of: child))
    #expect(fields.values(of: child).map { "\($0)" } == fields.values(of: account).map { "\($0)" })
    let differences = fields.differences(child, other).map { "\($0.label) \($0.before) \($0.after)" }
    #expect(differences == fields.differences(account, changed).map { "\($0.label) \($0.before) \($0.after)" })
    #expect(differences.count == 2)
    #expect(ReflectionCache().isEqual(child, other) == nil)  // Account is not Equatable
    #expect(ReflectionCache().isEqual(child, child) == nil)
    // A value already held directly is handed back as it is.
    #expect(ExactCast.unwrapped(42) as? Int == 42)
  }

  @Test func aSendableValueIsReadAsAnAnyHoldingTheSameStorage() {
    struct Holder: Sendable { var box: Box; var text = "a text long enough to be stored apart"; var more = [1, 2, 3] }
    var box = Box()
    do {
      let boxed: any Sendable = Holder(box: box)
      let small: any Sendable = 7
      for _ in 0..<100 {
        let value = ExactCast.any(boxed)
        #expect(type(of: value) == Holder.self)
        #expect((value as? Holder)?.box === box && (value as? Holder)?.more == [1, 2, 3])
        #expect(ExactCast.any(small) as? Int == 7)
      }
    }
    // Every copy made along the way was released: the box is referenced from here alone.
    #expect(isKnownUniquelyReferenced(&box))
  }

  @Test func aValueIsComparedWhereItIsHeld() {
    let account: Any = Account(name: "a long name that is not stored inline", balance: 5, tags: ["t"])
    let read = ExactCast.withPointer(to: account, as: Account.self) { $0.pointee.name + "/\($0.pointee.balance)" }
    #expect(read == "a long name that is not stored inline/5")
    #expect(ExactCast.withPointer(to: 3 as Any, as: Int.self) { $0.pointee } == 3)
  }

  @Test func answersKeptForTheLastTypeAreTheOnesForThatType() {
    struct Profile: Equatable { var name = "ann" }
    struct Plain { var count = 0 }
    let cache = ReflectionCache()
    // Asked in turn about types with different answers, each is answered for its own type.
    for _ in 0..<3 {
      #expect(cache.isEqual(Profile(), Profile()) == true)
      #expect(cache.isEqual(Plain(), Plain()) == nil)
      #expect(cache.isEqual(1, 2) == false)
      #expect(cache.fields(of: Account())?.fields.map(\.label) == ["name", "balance", "tags"])
      #expect(cache.fields(of: Masked()) == nil)
      #expect(cache.fields(of: Plain())?.fields.map(\.label) == ["count"])
    }
    #expect(ReflectionCache.isScalar(UInt16(3)) && ReflectionCache.isScalar("s") && ReflectionCache.isScalar(2.5))
    #expect(!ReflectionCache.isScalar(Optional(1) as Any) && !ReflectionCache.isScalar(Account()))
  }

  @Test func storedBytesAreComparedAtEveryLengthAndPosition() {
    for count in 0...40 {
      let first = (0..<count).map { UInt8(truncatingIfNeeded: $0 * 7 + 1) }
      first.withUnsafeBytes { a in
        #expect(
          StoredBytes.equal(
            a.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, a.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!,
            count: count))
      }
      for position in 0..<count {
        var second = first
        second[position] ^= 0x40
        first.withUnsafeBytes { a in
          second.withUnsafeBytes { b in
            #expect(!StoredBytes.equal(a.baseAddress!, b.baseAddress!, count: count))
            // Bytes before the difference are equal.
            #expect(StoredBytes.equal(a.baseAddress!, b.baseAddress!, count: position))
          }
        }
      }
    }
  }
}
