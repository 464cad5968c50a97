import Foundation
import RecoilAtoms
import RecoilStores

// The app the README's examples are written for: only what they name and do not declare.
// Blocks that declare a name themselves (the atom example's `CartState`) shadow these.

struct CartItem: Sendable, Equatable {
  var sku: String
  var price: Decimal
}

let boots = CartItem(sku: "BT-42", price: 129)

/// A made-up backend.
struct API: Sendable {
  func quote(for items: [CartItem]) async throws -> Decimal { Decimal(items.count) * 4 }
  func reserve(_ id: String) async throws -> String { id }
}

let api = API()

/// Where the app keeps its settings files.
let settingsDirectory = FileManager.default.temporaryDirectory

struct UserState: Sendable, Equatable { var name = "" }
struct SettingsState: Sendable, Equatable { var currency = "EUR" }
struct AppState: Sendable, Equatable {
  var user = UserState()
  var settings = SettingsState()
}

enum UserAction: Sendable { case setName(String) }
enum SettingsAction: Sendable { case setCurrency(String) }
enum AppAction: Sendable {
  case user(UserAction)
  case settings(SettingsAction)
}

let userReducer = Reducer<UserState, UserAction> { state, action in
  if case .setName(let name) = action { state.name = name }
}
let settingsReducer = Reducer<SettingsState, SettingsAction> { state, action in
  if case .setCurrency(let currency) = action { state.currency = currency }
}
let logger = Middleware<AppState, AppAction> { action, _ in action }

struct CartState: Sendable, Equatable { var lines: [String] = [] }
enum CartAction: Sendable {
  case add(String)
  case reserved(String)
}
let linesReducer = Reducer<[String], CartAction> { lines, action in
  if case .add(let id) = action { lines.append(id) }
}

func render(_ lines: [String]) {}

/// The atom graph and store of the first two examples, which the inspector example attaches.
let container = AtomContainer()
let store = Store(initialState: AppState(), reducer: Reducer<AppState, AppAction> { _, _ in }, name: "app")
