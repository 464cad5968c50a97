import Testing

@testable import RecoilAtoms

/// Keys share their parts between copies and cache their hash; equality still compares what
/// they say, never the hash alone.
@Suite struct NodeKeyTests {
  @Test func keysMadeSeparatelyFromTheSamePartsAreEqualAndHashAlike() {
    let first = NodeKey(name: "Catalog.product", parameter: 42)
    let second = NodeKey(name: "Catalog.product", parameter: 42)
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(Set([first, second]).count == 1)
    #expect([first: 1][second] == 1)
  }

  @Test(arguments: [
    (NodeKey(name: "a"), NodeKey(name: "b")),
    (NodeKey(name: "a", parameter: 1), NodeKey(name: "a", parameter: 2)),
    (NodeKey(name: "a", parameter: 1), NodeKey(name: "a", parameter: "1")),
    (NodeKey(name: "a", parameter: 1), NodeKey(name: "a")),
    (NodeKey(name: "a"), NodeKey(name: "a", site: "File.swift:3", parameter: nil)),
  ])
  func keysDifferingInAnyPartAreDifferent(first: NodeKey, second: NodeKey) {
    #expect(first != second)
    #expect(Set([first, second]).count == 2)
  }

  @Test func partsAndDescriptionReadBack() {
    let key = NodeKey(name: "Catalog.product", parameter: "sku-1")
    #expect(key.name == "Catalog.product")
    #expect(key.site == nil)
    #expect(key.parameter == AnyHashableSendable("sku-1"))
    #expect(key.description == "Catalog.product(\"sku-1\")")
    #expect(
      NodeKey._declared(key: nil, fileID: "App/Cart.swift", function: "total", line: 9).site == "App/Cart.swift:9")
  }
}

/// The names the documentation promises for nodes declared without a key.
@Suite struct DefaultNodeNameTests {
  enum Settings {
    static let theme = Atom("light")
  }

  @Test func aStaticPropertyWithoutAKeyIsNamedAfterItsTypeAndLine() {
    // The line of `static let theme` above.
    #expect(Settings.theme.key.description == "Settings#\(#line - 5)")
  }

  @Test func anExplicitKeyIsTheName() {
    #expect(Atom(1, key: "Settings.currency").key.description == "Settings.currency")
  }
}
