import Foundation
import RecoilAtoms
import RecoilSnapshot
import RecoilStores
import Testing

@testable import RecoilInspector

/// A secret that must never reach a file, in a few spellings the app might hold it in.
private let secret = "S3CRET-a9f8e7d6"

/// A type the app keeps keys in; redacted by type wherever it appears.
struct APIKey: Equatable, Sendable {
  var value: String
}

struct Account: Equatable, Sendable {
  var user = "ann"
  var password = ""
  var keys: [APIKey] = []
}

struct Vault: Equatable, Sendable {
  var account = Account()
  var visits = 0
}

enum VaultAction: Equatable, Sendable {
  case signIn(user: String, password: String)
  case addKey(APIKey)
  case visit
}

private let vaultReducer = Reducer<Vault, VaultAction> { state, action in
  switch action {
  case .signIn(let user, let password):
    state.account.user = user
    state.account.password = password
  case .addKey(let key): state.account.keys.append(key)
  case .visit: state.visits += 1
  }
}

private enum Auth {
  static let token = Atom("", key: "Auth.token")
  static let header = Selector(key: "Auth.header") { get in "Bearer " + (try get(token)) }
  static let keys = Atom<[APIKey]>([], key: "Auth.keys")
  static let keyCount = Selector(key: "Auth.keyCount") { get in try get(keys).count }
}

@Suite struct RedactionTests {
  private func configuration() -> InspectorConfiguration {
    var configuration = InspectorConfiguration()
    configuration.redaction.nodes = ["Auth.token", "Auth.header"]
    configuration.redaction.redact(\Vault.account.password)
    configuration.redaction.redact(type: APIKey.self)
    configuration.redaction.actions = ["signIn"]
    return configuration
  }

  @Test func aRedactedSecretAppearsInNoSnapshotStreamOrArtifact() throws {
    let directory = FileManager.default.temporaryDirectory.appending(path: "redaction-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let streamFile = directory.appending(path: "events.jsonl")

    let inspector = Inspector(configuration: configuration())
    try inspector.startStreaming(to: .file(path: streamFile.path))
    // The atom graph: a token atom and its selector (by id), and keys (by type).
    let container = AtomContainer()
    inspector.attach(container)
    let subscription = container.subscribe(Auth.header) { _ in }
    container.set(Auth.token, secret)
    container.set(Auth.keys, [APIKey(value: secret)])
    _ = try container.get(Auth.keyCount)
    // A single-reducer store: the password path, the signIn payload, a key by type.
    let store = Store(initialState: Vault(), reducer: vaultReducer, name: "vault")
    inspector.attach(store)
    store.dispatch(.signIn(user: "ann", password: secret))
    store.dispatch(.addKey(APIKey(value: secret)))
    store.dispatch(.visit)
    // A slice store, with the account registered as a slice.
    let slices = Store<Vault, VaultAction>(initialState: Vault(), name: "slices")
    slices.registerSlice(
      \.account, name: "account",
      reducer: Reducer { account, action in
        if case .signIn(_, let password) = action { account.password = password }
      })
    inspector.attach(slices)
    slices.dispatch(.signIn(user: "ann", password: secret))

    let snapshotFile = directory.appending(path: "app.snapshot.json")
    try inspector.writeSnapshot(to: snapshotFile)
    let artifact = try #require(
      try InspectorArtifacts.write(
        store, name: "vault", configuration: configuration(),
        environment: [InspectorArtifacts.environmentVariable: directory.path]))
    inspector.stopStreaming()
    subscription.cancel()

    let files = [snapshotFile, streamFile, artifact]
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      #expect(!text.contains(secret), "\(file.lastPathComponent) holds the secret")
      #expect(!text.contains("a9f8e7d6"), "\(file.lastPathComponent) holds part of the secret")
      #expect(text.contains(Redaction.marker), "\(file.lastPathComponent) shows no redaction")
    }

    // What is left is still useful: which nodes and paths changed, and the other values.
    let snapshot = try SnapshotCodec.decode(Data(contentsOf: snapshotFile))
    #expect(snapshot.nodes.first { $0.id == "Auth.token" }?.value == Redaction.marker)
    #expect(snapshot.nodes.first { $0.id == "Auth.keyCount" }?.value == "1")
    let signIn = try #require(snapshot.actions.first { $0.store == "vault" && $0.name == "signIn" })
    #expect(signIn.payload == Redaction.marker)
    #expect(signIn.changes.contains { $0.path == "account.password" && $0.after == Redaction.marker })
    #expect(signIn.changes.contains { $0.path == "account.user" } == false)  // "ann" to "ann"
    let account = try #require(snapshot.nodes.first { $0.id == "vault.account" })
    #expect(account.value?.contains("user: \"ann\"") == true)
    #expect(account.value?.contains("password: \(Redaction.marker)") == true)
  }

  @Test func withoutRulesPreviewsAreUnchanged() {
    let redactor = Redactor(Redaction(), previewLength: 120)
    let value = Account(user: "ann", password: "pw", keys: [APIKey(value: "k")])
    #expect(redactor.preview(value) == ValuePreview.describe(value, limit: 120))
  }

  @Test func aLongPreviewIsCutVisiblyAtTheConfiguredLength() {
    var configuration = InspectorConfiguration()
    configuration.previewLength = 12
    let inspector = Inspector(configuration: configuration)
    let container = AtomContainer()
    inspector.attach(container)
    container.set(Auth.token, String(repeating: "x", count: 100))
    let value = inspector.snapshot().nodes.first { $0.id == "Auth.token" }?.value
    #expect(value?.count == 12)
    #expect(value?.hasSuffix("…") == true)
  }

  /// A store selector that reads a redacted path, directly or through other selectors, is
  /// redacted like the path: a key-path selector previews as the slice would (masked), one
  /// that derives a value from such state shows only the marker.
  @Test func storeSelectorsOverRedactedStateAreRedacted() throws {
    let store = Store(initialState: Vault(), reducer: vaultReducer, name: "vault")
    let inspector = Inspector(configuration: configuration())
    inspector.attach(store)
    store.dispatch(.signIn(user: "ann", password: secret))
    let password = StoreSelector(name: "password", \Vault.account.password)
    let shouted = StoreSelector(name: "shouted", password) { $0.uppercased() }
    let account = StoreSelector(name: "account", \Vault.account)
    let greeting = StoreSelector(name: "greeting", account) { "hello \($0.user), \($0.password.count)" }
    let visits = StoreSelector(name: "visits", \Vault.visits)
    let summary = StoreSelector(name: "summary", visits) { "\($0) visits" }
    #expect(store.select(shouted) == secret.uppercased())
    #expect(store.select(greeting).hasPrefix("hello ann"))
    #expect(store.select(summary) == "0 visits")

    let snapshot = inspector.snapshot()
    let text = String(decoding: SnapshotCodec.encode(snapshot), as: UTF8.self)
    #expect(!text.contains(secret) && !text.contains(secret.uppercased()), "the snapshot holds the secret")
    func value(_ id: String) -> String? { snapshot.nodes.first { $0.id == id }?.value }
    #expect(value("vault.password") == Redaction.marker)
    #expect(value("vault.shouted") == Redaction.marker)
    // Named like the slice `account`, the selector is a node of its own beside it.
    for id in ["vault.account", "vault.account (selector)"] {
      #expect(value(id)?.contains("password: \(Redaction.marker)") == true, "\(id)")
      #expect(value(id)?.contains("user: \"ann\"") == true, "\(id)")
    }
    #expect(value("vault.greeting") == Redaction.marker)
    // Selectors over other state keep their values.
    #expect(value("vault.visits") == "0")
    #expect(value("vault.summary") == "\"0 visits\"")
  }

  /// A node's error text may quote its value: it is masked when the node's id is redacted,
  /// and when its value's type is.
  @Test func errorsAreMaskedWhereTheValueWouldBe() throws {
    struct Leaky: Error, CustomStringConvertible {
      var description: String { "rejected \(secret)" }
    }
    let keyByID = Selector<String>(key: "Auth.token.check") { _ in throw Leaky() }
    let keyByType = Selector<APIKey>(key: "Keys.primary") { _ in throw Leaky() }
    let plain = Selector<Int>(key: "Plain.count") { _ in throw Leaky() }
    var configuration = configuration()
    configuration.redaction.nodes.append("Auth.token.*")
    let inspector = Inspector(configuration: configuration)
    let container = AtomContainer()
    inspector.attach(container)
    for selector in [keyByID] { _ = try? container.get(selector) }
    _ = try? container.get(keyByType)
    _ = try? container.get(plain)
    let snapshot = inspector.snapshot()
    func error(_ id: String) -> String? { snapshot.nodes.first { $0.id == id }?.error }
    #expect(error("Auth.token.check") == Redaction.marker)
    #expect(error("Keys.primary") == Redaction.marker)
    // The control: an error of a node nothing redacts is shown.
    #expect(error("Plain.count") == "rejected \(secret)")
  }
}
