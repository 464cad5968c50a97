import Foundation
import RecoilAtoms
import RecoilInspector
import RecoilStores

/// The demo app: an atom graph for the catalogue and pricing, a single-reducer app store for
/// the user and settings, and a slice store for the cart, all watched by one inspector. `run`
/// plays a scripted shopping session.
final class CartScenario: Sendable {
  let container = AtomContainer()
  let appStore = Store(initialState: AppState(), reducer: AppReducers.app, name: "app")
  let cartStore = Store<CartState, CartAction>(initialState: CartState(), name: "cart")
  let inspector: Inspector
  /// The session's own folder for preference files (see `Preferences`).
  let preferences = FileManager.default.temporaryDirectory.appending(path: "cart-demo-\(UUID().uuidString)")

  /// How long to wait after each step, so that a person can watch the session live; none by
  /// default.
  let pace: Duration?

  init(inspector: Inspector, pace: Duration? = nil) {
    self.inspector = inspector
    self.pace = pace
    cartStore.registerSlice(\.lines, name: "lines", reducer: CartReducers.lines)
    cartStore.registerSlice(\.checkout, name: "checkout", reducer: CartReducers.checkout)
    cartStore.addEffect(CartReducers.reserveStock)
    inspector.attach(container)
    inspector.attach(appStore)
    inspector.attach(cartStore)
  }

  /// Plays the session `rounds` times (`nil`: until the process is stopped), on the same
  /// stores and atoms; returns when every effect and async selector has settled.
  func run(rounds: Int? = 1) async {
    try? FileManager.default.createDirectory(at: preferences, withIntermediateDirectories: true)
    var round = 0
    while rounds.map({ round < $0 }) ?? true {
      round += 1
      await Preferences.$directory.withValue(preferences) { await play() }
    }
  }

  /// The pause between steps, if the session is paced.
  private func beat() async {
    guard let pace else { return }
    try? await Task.sleep(for: pace)
  }

  /// What the app's screens subscribe to, kept while the result is: the pricing selectors,
  /// the stores' selectors, and the settings store driving the pricing atoms.
  private func openScreens() -> [Any] {
    let container = self.container
    return [
      container.subscribe(Pricing.displayPrices, label: "price list") { _ in },
      container.subscribe(Pricing.overview) { _ in },
      // A screen's summary bar: re-run whenever what it read changes.
      TrackingScope(container: container, label: "summary bar") { get in
        _ = try? get(Pricing.overview)
        _ = try? get(Pricing.currency)
      },
      appStore.subscribe(AppSelectors.greeting, label: "greeting") { _ in },
      cartStore.subscribe(CartSelectors.itemCount, label: "cart badge") { _ in },
      cartStore.subscribe(CartSelectors.isEmpty) { _ in },
      // Unlabelled: named by where it is made.
      appStore.subscribe(\.settings.currency) { container.set(Pricing.currency, $0) },
    ]
  }

  /// Keeps the screens open, as an app left running does, until the task is cancelled: what
  /// the tool changes then re-evaluates what they show.
  func stayOpen() async {
    let screens = openScreens()
    defer { _ = screens }
    while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
  }

  private func play() async {  // One script, by design: its lines are the sites the shipped fixtures name.
    let container = self.container
    let screens = openScreens()
    defer { _ = screens }

    _ = try? await container.value(Pricing.rates)
    _ = try? await container.value(Catalog.recommendations)  // fails: the service is offline

    appStore.dispatch(.user(.signIn(name: "Ann")))
    await beat()
    appStore.dispatch(.user(.toggleFavourite("BT-42")))
    await beat()
    appStore.dispatch(.user(.toggleFavourite("SC-07")))
    await beat()
    appStore.dispatch(.settings(.setNotifications(false)))
    await beat()

    for text in ["b", "bo", "boo", ""] {
      container.set(Catalog.query, text)
      await beat()
    }

    for id in ["BT-42", "SC-07", "HT-11", "BT-42"] where (try? container.get(Catalog.inStock(id))) == true {
      cartStore.dispatch(.add(productID: id))
      await beat()
    }
    cartStore.dispatch(.setQuantity(productID: "SC-07", quantity: 3))
    await beat()
    cartStore.dispatch(.remove(productID: "SC-07"))
    await beat()
    cartStore.dispatch(.add(productID: "GL-03"))
    await beat()
    container.update(Catalog.stock("BT-42")) { $0 -= 2 }
    await beat()

    appStore.dispatch(.settings(.setCurrency("USD")))
    await beat()
    appStore.dispatch(.settings(.setCurrency("GBP")))
    await beat()
    appStore.dispatch(.user(.toggleFavourite("SC-07")))
    await beat()
    appStore.dispatch(.user(.toggleFavourite("GL-03")))
    await beat()
    appStore.dispatch(.user(.toggleFavourite("HT-11")))
    await beat()
    appStore.dispatch(.settings(.setNotifications(true)))
    await beat()

    for text in ["sc", "scarf", ""] {
      container.set(Catalog.query, text)
      await beat()
    }
    container.set(Preferences.sortByPrice, true)  // saved to its file by the persistence effect
    await beat()
    cartStore.dispatch(.add(productID: "SC-07"))
    await beat()
    cartStore.dispatch(.setQuantity(productID: "BT-42", quantity: 3))
    await beat()
    cartStore.dispatch(.setQuantity(productID: "GL-03", quantity: 2))
    await beat()
    cartStore.dispatch(.remove(productID: "SC-07"))
    await beat()
    container.update(Catalog.stock("GL-03")) { $0 -= 2 }
    await beat()

    cartStore.dispatch(.applyCoupon("SPRING5"))
    await beat()
    cartStore.dispatch(.applyCoupon("WINTER10"))
    await beat()
    cartStore.dispatch(.enterAddress("1 Harbor Street"))
    await beat()
    cartStore.dispatch(.enterAddress("1 Harbour Street"))
    await beat()
    cartStore.dispatch(.choosePayment("card"))
    await beat()
    // Let the stock reservations finish before the order is placed.
    for _ in 0..<10_000 where cartStore.runningEffectCount > 0 { await Task.yield() }
    cartStore.dispatch(.placeOrder(number: 1042))
    await beat()
    appStore.dispatch(.settings(.setCurrency("EUR")))
    await beat()
    appStore.dispatch(.user(.toggleFavourite("HT-11")))
    await beat()

    _ = appStore.select(AppSelectors.greeting)
    _ = cartStore.select(CartSelectors.itemCount)
    for _ in 0..<10_000 where cartStore.runningEffectCount > 0 { await Task.yield() }
  }
}
