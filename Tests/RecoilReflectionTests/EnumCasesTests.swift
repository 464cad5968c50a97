import Testing

@testable import RecoilReflection

/// Reading an enum's case and payload from its metadata must give exactly what a `Mirror`
/// gives, for every layout the compiler chooses, and leave to a `Mirror` what it cannot read.
@Suite struct EnumCasesTests {
  class Animal: @unchecked Sendable, CustomStringConvertible {
    let name: String
    init(_ name: String) { self.name = name }
    var description: String { "Animal(\(name))" }
  }
  final class Dog: Animal, @unchecked Sendable {}
  struct Basket: Sendable { var owner = "ann", items = [1, 2, 3], weight = 3.5, pet = Animal("cat") }
  enum Inner: Sendable { case setName(String), clear, both(String, Int) }
  indirect enum Tree: Sendable { case leaf(Int), node(Tree, Tree) }
  enum Event: Sendable {
    case tap(times: Int)
    case rename(String)
    case pair(a: Int, b: String)
    case none
    case inner(Inner)
    case anything(any Sendable)
    case animal(Animal)
    case basket(Basket)
    indirect case again(Event)
    case maybe(Int?)
    case last
  }
  /// Two String payloads: the tag lives in the strings' spare bits, not in a byte of its own.
  enum Twins: Sendable { case left(String), right(String), neither }
  enum Single: Sendable { case only([String: Int]) }
  enum Generic<Value: Sendable>: Sendable { case value(Value), pair(Value, [Value]), empty }
  struct Outer<Value: Sendable> {
    enum Nested: Sendable { case held(Value) }
  }
  enum Masked: CustomReflectable, Sendable {
    case secret(String)
    var customMirror: Mirror { Mirror(self, children: ["shown": 1]) }
  }

  static let values: [any Sendable] = [
    Event.tap(times: 3), Event.rename("ann"), Event.pair(a: 1, b: "q"), Event.none, Event.inner(.setName("Bo")),
    Event.inner(.clear), Event.inner(.both("x", 2)), Event.anything("hi"), Event.anything(42),
    Event.anything(Inner.clear), Event.anything(Basket()), Event.anything((1, "a")), Event.animal(Animal("rex")),
    Event.animal(Dog("fido")), Event.basket(Basket()),
    Event.maybe(nil), Event.maybe(5), Event.last, Twins.left("aa"), Twins.right(String(repeating: "b", count: 40)),
    Twins.neither, Single.only(["k": 1]), Generic.value("s"), Generic.pair(1, [2, 3]), Generic<[Int]>.empty,
    Generic.value(Generic.value(1.5)), Outer<String>.Nested.held("x"),
  ]

  /// What a mirror's first child says: the case's name, and its payload as debug-printed.
  static func mirrored(_ value: Any) -> String {
    guard let child = Mirror(reflecting: value).children.first else { return "no payload" }
    return "\(child.label ?? "?") \(String(reflecting: child.value)) \(type(of: child.value))"
  }

  @Test(arguments: values)
  func casesAndPayloadsAreWhatAMirrorSays(value: any Sendable) throws {
    let cases = try #require(EnumCases(type(of: value)))
    guard let (label, payload) = cases.case(of: value) else {
      // Only an existential payload is left to a mirror among these.
      guard case .anything = value as? Event else { Issue.record("\(value) not read"); return }
      return
    }
    let read = payload.map { "\(label) \(String(reflecting: $0)) \(type(of: $0))" } ?? "no payload"
    #expect(read == Self.mirrored(value))
    if payload == nil { #expect(label == String(describing: value)) }
  }

  @Test func whatTheMetadataCannotSayIsLeftToAMirror() throws {
    // An indirect case's payload is in a box of its own.
    let cases = try #require(EnumCases(Event.self))
    #expect(cases.case(of: Event.again(.none)) == nil)
    #expect(try #require(EnumCases(Tree.self)).case(of: Tree.leaf(1)) == nil)
    // An existential payload, which reflection looks into.
    #expect(cases.case(of: Event.anything(1)) == nil)
    // A value of another type, or an `Any` holding an existential, as a mirror's child can.
    #expect(cases.case(of: Twins.neither) == nil)
    let boxed = try #require(Mirror(reflecting: Event.anything(Event.none)).children.first?.value)
    #expect(cases.case(of: boxed) == nil)
    // Optionals, and what is no enum.
    #expect(EnumCases(Int?.self) == nil)
    #expect(EnumCases(Basket.self) == nil && EnumCases(Animal.self) == nil && EnumCases(Int.self) == nil)
    #expect(EnumCases((Int, String).self) == nil && EnumCases((any Sendable).self) == nil)
    // A customized mirror says what it likes; the cache leaves it, and everything when told to.
    #expect(ReflectionCache().enumCases(of: Masked.secret("s")) == nil)
    #expect(ReflectionCache().enumCases(of: Event.none) != nil)
    #expect(ReflectionCache(readingFields: false).enumCases(of: Event.none) == nil)
  }

  @Test func payloadsAreCopiesThatReleaseWhatTheyHold() throws {
    weak var watched: Animal?
    try {
      let animal = Animal("rex")
      watched = animal
      let event = Event.basket(Basket(owner: "bo", items: [], weight: 1, pet: animal))
      let cases = try #require(EnumCases(Event.self))
      for _ in 0..<3 {
        let payload = try #require(cases.case(of: event)?.payload as? Basket)
        #expect(payload.pet === animal)
      }
      // The value itself is untouched by taking its payload out of a copy.
      guard case .basket(let basket) = event else { Issue.record("the value changed"); return }
      #expect(basket.owner == "bo" && basket.pet === animal)
      #expect(cases.case(of: Event.animal(animal))?.payload as? Animal === animal)
    }()
    #expect(watched == nil)
  }

  @Test(arguments: values)
  func actionsAreDescribedAsThroughAMirror(value: any Sendable) {
    let cache = ReflectionCache()
    let read = ActionDescription(value, cache: cache) { ValuePreview.describe($0, cache: cache) }
    let mirrored = ActionDescription(value, cache: ReflectionCache(readingFields: false)) { ValuePreview.describe($0) }
    #expect(read == mirrored)
  }
}

extension EnumCasesTests.Generic: Equatable where Value: Equatable {}
