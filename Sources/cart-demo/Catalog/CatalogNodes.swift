import RecoilAtoms

/// Why recommendations cannot be loaded in the demo: the service is offline.
struct RecommendationsOffline: Error, CustomStringConvertible {
  var description: String { "recommendation service offline (HTTP 503)" }
}

/// The catalogue and pricing, as an atom graph.
enum Catalog {
  static let query = Atom("", key: "Catalog.query")
  static let products = Atom(Product.all, key: "Catalog.products")
  /// Units in stock, per product id (a family).
  static let stock = AtomFamily(key: "Catalog.stock") { (id: String) in id == "HT-11" ? 0 : 5 }
  /// Whether a product can be ordered (a selector family).
  static let inStock = SelectorFamily(key: "Catalog.inStock") { (id: String, get: Getter) in try get(stock(id)) > 0 }
  static let visibleProducts = Selector(key: "Catalog.visibleProducts") { get in
    let query = try get(query).lowercased()
    let matching = try get(products).filter { query.isEmpty || $0.name.lowercased().contains(query) }
    return try get(Preferences.sortByPrice) ? matching.sorted { $0.priceCents < $1.priceCents } : matching
  }
  /// Loaded asynchronously from a (simulated) service.
  static let recommendations = AsyncSelector(key: "Catalog.recommendations") { get -> [Product] in
    _ = try await get(query)
    await Task.yield()
    throw RecommendationsOffline()
  }
}

enum Pricing {
  static let currency = Atom("EUR", key: "Pricing.currency")
  /// Exchange rates, loaded asynchronously.
  static let rates = AsyncSelector(key: "Pricing.rates") { _ -> [String: Double] in
    await Task.yield()
    return ["EUR": 1.0, "USD": 1.08, "GBP": 0.86]
  }
  static let displayPrices = Selector(key: "Pricing.displayPrices") { get -> [String: String] in
    let currency = try get(currency)
    let rate = try get(rates)[currency] ?? 1
    var prices: [String: String] = [:]
    for product in try get(Catalog.visibleProducts) {
      let amount = Double(product.priceCents) * rate / 100
      prices[product.id] = "\(currency) \((amount * 100).rounded() / 100)"
    }
    return prices
  }
  /// A one-line overview, once the products and the rates (loaded asynchronously) are both
  /// there: Recoil's `waitForAll`.
  static let overview = Selector(key: "Pricing.overview") { get -> String in
    let (products, rates) = try get.waitForAll(Catalog.visibleProducts, rates)
    return "\(products.count) products in \(rates.count) currencies"
  }
}
