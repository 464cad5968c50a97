import Foundation
import PackagePlugin

/// `swift package recoil-inspect <command> ...`: runs `recoil-inspect` from an app's own
/// package, built as the plugin's tool, in the package's folder; every command and option is
/// the tool's own (`swift package recoil-inspect --help`).
///
/// `swift package --allow-writing-to-package-directory recoil-inspect artifacts` renders,
/// reports and checks every snapshot the app's tests left: in the folder
/// `RECOIL_INSPECT_ARTIFACTS` names, else `.build/recoil-inspect-artifacts`, where
/// `RECOIL_INSPECT_ARTIFACTS=.build/recoil-inspect-artifacts swift test` puts them.
@main
struct RecoilInspectPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let tool = try context.tool(named: "recoil-inspect")
    var arguments = arguments
    if arguments.first == "artifacts", !arguments.dropFirst().contains(where: { !$0.hasPrefix("-") }) {
      // No folder given: the tests' folder, as the environment or the default names it.
      let environment = ProcessInfo.processInfo.environment["RECOIL_INSPECT_ARTIFACTS"] ?? ""
      let folder =
        environment.isEmpty
        ? context.package.directoryURL.appending(path: ".build/recoil-inspect-artifacts").path : environment
      arguments.insert(folder, at: 1)
    }
    let process = Process()
    process.executableURL = tool.url
    process.arguments = arguments
    process.currentDirectoryURL = context.package.directoryURL
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      // The tool said what went wrong; its status is the plugin's.
      exit(process.terminationStatus)
    }
  }
}
