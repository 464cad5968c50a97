import Foundation
import RecoilInspector
import RecoilStores
import Testing

@testable import cart_demo

/// The demo's recorded sessions, exported as JSON Lines, read back and replayed.
@Suite struct DemoReplayTests {
  @Test func theDemosLogsReplayToItsFinalStates() async throws {
    let scenario = CartScenario(inspector: Inspector())
    await scenario.run()

    // The app store: exported, read back, replayed into a fresh store.
    let appLog = try ActionLog<AppState, AppAction>(jsonLines: try scenario.appStore.actionLog().jsonLines())
    #expect(appLog.entries.count == 12)  // the app store's twelve actions of the session
    let app = Store(initialState: AppState(), reducer: AppReducers.app, name: "app")
    app.replay(appLog)
    #expect(app.state == scenario.appStore.state)
    // And as a regression test of the reducer, in one line.
    try TestStore.replay(appLog, initialState: AppState(), reducer: AppReducers.app)

    // The cart store has slices and an effect: the replay runs the slices' reducers, and the
    // effect's actions come from the log rather than from the effect.
    let cartLog = try ActionLog<CartState, CartAction>(jsonLines: try scenario.cartStore.actionLog().jsonLines())
    let cart = Store<CartState, CartAction>(initialState: CartState(), name: "cart")
    cart.registerSlice(\.lines, name: "lines", reducer: CartReducers.lines)
    cart.registerSlice(\.checkout, name: "checkout", reducer: CartReducers.checkout)
    cart.addEffect(CartReducers.reserveStock)
    cart.replay(cartLog)
    #expect(cart.runningEffectCount == 0)
    #expect(cart.state == scenario.cartStore.state)

    // Going to the state after an action, and leaving one out.
    let asOfFive = Store(initialState: AppState(), reducer: AppReducers.app)
    asOfFive.replay(appLog, through: 5)
    #expect(asOfFive.state == appLog.entries[4].stateAfter)
    let withoutCurrencyChanges = Store(initialState: AppState(), reducer: AppReducers.app)
    let currencyActions = appLog.entries.filter {
      if case .settings(.setCurrency) = $0.action { true } else { false }
    }.map(\.sequence)
    withoutCurrencyChanges.replay(appLog, skipping: Set(currencyActions))
    #expect(withoutCurrencyChanges.state.settings.currency == AppState().settings.currency)
    #expect(withoutCurrencyChanges.state.user == scenario.appStore.state.user)
  }
}
