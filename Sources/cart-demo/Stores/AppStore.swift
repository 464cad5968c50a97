import RecoilStores

/// The app-wide store, in the single-reducer style: user and settings.
struct AppState: Equatable, Sendable, Codable {
  struct User: Equatable, Sendable, Codable {
    var name = ""
    var signedIn = false
    var favourites: Set<String> = []
  }

  struct Settings: Equatable, Sendable, Codable {
    var currency = "EUR"
    var notifications = true
  }

  var user = User()
  var settings = Settings()
}

enum UserAction: Equatable, Sendable, Codable {
  case signIn(name: String)
  case signOut
  case toggleFavourite(String)
}

enum SettingsAction: Equatable, Sendable, Codable {
  case setCurrency(String)
  case setNotifications(Bool)
}

enum AppAction: Equatable, Sendable, Codable {
  case user(UserAction)
  case settings(SettingsAction)
}

enum AppReducers {
  static let user = Reducer<AppState.User, UserAction> { user, action in
    switch action {
    case .signIn(let name):
      user.name = name
      user.signedIn = true
    case .signOut:
      user = AppState.User()
    case .toggleFavourite(let id):
      if user.favourites.contains(id) { user.favourites.remove(id) } else { user.favourites.insert(id) }
    }
  }

  static let settings = Reducer<AppState.Settings, SettingsAction> { settings, action in
    switch action {
    case .setCurrency(let code): settings.currency = code
    case .setNotifications(let on): settings.notifications = on
    }
  }

  static let app = Reducer<AppState, AppAction>.combine(
    user.lift(state: \AppState.user, action: { if case .user(let action) = $0 { action } else { nil } }),
    settings.lift(state: \AppState.settings, action: { if case .settings(let action) = $0 { action } else { nil } })
  )
}

enum AppSelectors {
  static let userName = StoreSelector(name: "userName", \AppState.user.name)
  static let greeting = StoreSelector(name: "greeting", userName) { name in name.isEmpty ? "Welcome!" : "Hello, \(name)"
  }
}
