import Foundation
import WebDriver

/// `live --serve` with the cart demo streaming to it, for the live page's browser tests: the
/// server, the demo (`cart-demo --stream … ARGUMENTS`), and the page's address.
final class LiveDemo {
  let live: LiveServeProcess
  let demo = Process()

  /// Starts the server (`serverArguments`: `--keep 500`, say) and the demo (`--pace 20
  /// --loop`, say), and waits until the demo says it is streaming.
  init(serverArguments: [String] = [], demoArguments: [String]) throws {
    let products = Bundle.main.bundleURL
    live = try LiveServeProcess(executable: products.appending(path: "recoil-inspect"), arguments: serverArguments)
    demo.executableURL = products.appending(path: "cart-demo")
    demo.arguments = ["--stream", "tcp:127.0.0.1:\(live.appPort)"] + demoArguments
    demo.standardOutput = FileHandle.nullDevice
    demo.standardError = FileHandle.nullDevice
    try demo.run()
  }

  var pageURL: URL { URL(string: live.pageURL)! }

  /// Stops the demo (its session ends; what it sent stays readable).
  func stopDemo() {
    if demo.isRunning { kill(demo.processIdentifier, SIGTERM) }
    demo.waitUntilExit()
  }

  func stop() {
    if demo.isRunning { kill(demo.processIdentifier, SIGKILL) }
    demo.waitUntilExit()
    live.stop()
  }

  /// A script for the page: true once the report shown is ready.
  static let reportReady = """
    const frame = document.querySelector('#frames iframe:not(.loading)');
    return !!frame && !!frame.contentDocument && frame.contentDocument.documentElement.getAttribute('data-ready') === 'true';
    """
}
