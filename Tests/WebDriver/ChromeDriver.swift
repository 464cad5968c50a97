import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A running `chromedriver`, which drives headless Chromium over the W3C WebDriver protocol.
///
/// The browser tests and the report benchmark start one, open sessions on it and stop it.
/// `chromedriver` is found through `$CHROMEDRIVER` or the `PATH`, Chromium through
/// `$CHROME_BINARY` or the usual names; `Scripts/install-dependencies` installs both (Debian's
/// `chromium` and `chromium-driver`).
///
/// ```swift
/// let driver = try ChromeDriver.start()
/// defer { driver.stop() }
/// let browser = try driver.openSession()
/// try browser.navigate(to: reportURL)
/// ```
public final class ChromeDriver: @unchecked Sendable {
  // @unchecked: the process is started in `start()` and only terminated afterwards.
  public let port: Int
  public let browserBinary: String
  private let process: Process

  private init(port: Int, browserBinary: String, process: Process) {
    self.port = port
    self.browserBinary = browserBinary
    self.process = process
  }

  /// What is missing to run browser tests, said so that the reader knows what to install.
  public struct Unavailable: Error, CustomStringConvertible {
    public var description: String
  }

  /// Starts `chromedriver` on a free local port and waits until it is ready.
  public static func start() throws -> ChromeDriver {
    let environment = ProcessInfo.processInfo.environment
    guard let driver = findExecutable(environment["CHROMEDRIVER"].map { [$0] } ?? ["chromedriver"]) else {
      throw Unavailable(
        description:
          "chromedriver was not found: run Scripts/install-dependencies (Debian: chromium chromium-driver), or set CHROMEDRIVER"
      )
    }
    let candidates =
      environment["CHROME_BINARY"].map { [$0] } ?? ["chromium", "chromium-browser", "google-chrome", "chrome"]
    guard let browser = findExecutable(candidates) else {
      throw Unavailable(description: "Chromium was not found: run Scripts/install-dependencies, or set CHROME_BINARY")
    }
    var lastError: Error = Unavailable(description: "chromedriver did not start")
    for _ in 0..<5 {
      let port = Int.random(in: 20_000..<60_000)
      let process = Process()
      process.executableURL = URL(filePath: driver)
      process.arguments = ["--port=\(port)", "--allowed-ips=127.0.0.1"]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      do {
        try process.run()
      } catch {
        lastError = error
        continue
      }
      let running = ChromeDriver(port: port, browserBinary: browser, process: process)
      if running.waitUntilReady() { return running }
      running.stop()
      lastError = Unavailable(description: "chromedriver did not answer on port \(port)")
    }
    throw lastError
  }

  /// Opens a browser session: headless Chromium with a fixed window size, logging the console.
  /// A width below 500 pixels, which a desktop window does not go down to, is a phone's screen
  /// (Chromium's device emulation).
  public func openSession(width: Int = 1400, height: Int = 900) throws -> BrowserSession {
    var options: [String: Any] = [
      "binary": browserBinary,
      "args": [
        "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--window-size=\(max(width, 500)),\(height)", "--force-device-scale-factor=1",
      ],
    ]
    if width < 500 {
      options["mobileEmulation"] = ["deviceMetrics": ["width": width, "height": height, "pixelRatio": 1.0]]
    }
    let capabilities: [String: Any] = [
      "capabilities": [
        "alwaysMatch": [
          "browserName": "chrome",
          "goog:chromeOptions": options,
          "goog:loggingPrefs": ["browser": "ALL"],
        ] as [String: Any]
      ]
    ]
    let value = try WebDriverRequest.send("POST", port: port, path: "/session", body: capabilities)
    guard let object = value as? [String: Any], let id = object["sessionId"] as? String else {
      throw WebDriverError(message: "no session id in \(String(describing: value))")
    }
    return BrowserSession(port: port, base: "/session/\(id)")
  }

  /// Stops `chromedriver` (sessions should be closed first, which quits their browsers).
  public func stop() {
    // SIGKILL: the driver may have inherited a mask that blocks SIGTERM, and Foundation's
    // waitUntilExit spins on Linux; poll instead.
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    for _ in 0..<200 where process.isRunning { usleep(10_000) }
  }

  private func waitUntilReady() -> Bool {
    for _ in 0..<200 {
      if let value = try? WebDriverRequest.send("GET", port: port, path: "/status", body: nil),
        let object = value as? [String: Any], object["ready"] as? Bool == true
      {
        return true
      }
      if !process.isRunning { return false }
      usleep(50_000)
    }
    return false
  }

  private static func findExecutable(_ names: [String]) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for name in names {
      if name.contains("/") {
        if FileManager.default.isExecutableFile(atPath: name) { return name }
        continue
      }
      for directory in path.split(separator: ":") {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      }
    }
    return nil
  }
}
