/// A product in the catalogue.
struct Product: Equatable, Sendable, Identifiable {
  var id: String
  var name: String
  var priceCents: Int
}

extension Product {
  static let all: [Product] = [
    Product(id: "BT-42", name: "Trail boots", priceCents: 12_900),
    Product(id: "SC-07", name: "Wool scarf", priceCents: 2_900),
    Product(id: "HT-11", name: "Rain hat", priceCents: 3_500),
    Product(id: "GL-03", name: "Gloves", priceCents: 1_900),
  ]
}
