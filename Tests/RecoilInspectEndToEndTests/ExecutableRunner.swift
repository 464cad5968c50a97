import Foundation
import Testing

/// Runs a built executable of this package and captures what it did.
struct ExecutableRunner {
  struct Outcome: Sendable {
    var status: Int32
    var stdout: Data
    var stderr: String
    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
  }

  static let repositoryRoot = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The folder holding the built products: the test bundle sits beside the executables
  /// (on Linux `Bundle.main` is that folder; on macOS the .xctest bundle is inside it).
  static var productsDirectory: URL {
    #if os(macOS)
      for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent()
      }
    #endif
    return Bundle.main.bundleURL
  }

  static func fixture(_ name: String) -> String {
    repositoryRoot.appending(path: "Fixtures/\(name)").path(percentEncoded: false)
  }

  /// Runs `executable` (recoil-inspect unless named) with `arguments`, feeding `stdin`; `environment` adds to a clean one
  /// with NO_COLOR unset.
  static func run(
    _ arguments: [String], executable: String = "recoil-inspect", stdin: Data? = nil,
    environment: [String: String] = [:], currentDirectory: URL? = nil
  ) throws -> Outcome {
    let process = Process()
    // A product of this package by name, or any program by its absolute path (`/bin/sh`).
    process.executableURL =
      executable.hasPrefix("/") ? URL(filePath: executable) : productsDirectory.appending(path: executable)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = nil
    env.merge(environment) { $1 }
    process.environment = env
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    let output = Pipe()
    let error = Pipe()
    let input = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = input
    try process.run()
    // Read both pipes concurrently with the write so that large outputs cannot deadlock.
    let group = DispatchGroup()
    nonisolated(unsafe) var outData = Data()
    nonisolated(unsafe) var errData = Data()
    // Safe: each variable is written by one block and read only after `group.wait()`.
    DispatchQueue.global().async(group: group) { outData = output.fileHandleForReading.readDataToEndOfFile() }
    DispatchQueue.global().async(group: group) { errData = error.fileHandleForReading.readDataToEndOfFile() }
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try input.fileHandleForWriting.close()
    group.wait()
    process.waitUntilExit()
    return Outcome(status: process.terminationStatus, stdout: outData, stderr: String(decoding: errData, as: UTF8.self))
  }

  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appending(path: "recoil-inspect-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
