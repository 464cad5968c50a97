import Foundation

/// One WebDriver session: a browser window to navigate, script, click, type into and
/// photograph. Only the commands the report's tests and benchmark need.
///
/// ```swift
/// try browser.navigate(to: URL(filePath: "/tmp/report.html"))
/// let title = try browser.execute("return document.title") as? String
/// ```
public struct BrowserSession: Sendable {
  let port: Int
  let base: String

  /// Loads a page and waits for its load event.
  public func navigate(to url: URL) throws {
    _ = try send("POST", "url", ["url": url.absoluteString])
  }

  /// Runs `script` as the body of a function in the page and returns what it returns
  /// (decoded from JSON: strings, numbers, booleans, arrays, dictionaries or `nil`).
  @discardableResult
  public func execute(_ script: String, _ arguments: [Any] = []) throws -> Any? {
    let value = try send("POST", "execute/sync", ["script": script, "args": arguments])
    return value is NSNull ? nil : value
  }

  /// Makes the page see a media feature as `value` (`prefers-color-scheme: dark`), through
  /// Chromium's DevTools protocol.
  public func emulateMedia(_ feature: String, _ value: String) throws {
    _ = try send(
      "POST", "goog/cdp/execute",
      ["cmd": "Emulation.setEmulatedMedia", "params": ["features": [["name": feature, "value": value]]]])
  }

  /// Waits until `script` returns `true`, polling; throws after `timeout`.
  public func wait(until script: String, timeout: Duration = .seconds(30)) throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
      if try execute(script) as? Bool == true { return }
      usleep(25_000)
    }
    throw WebDriverError(message: "timed out waiting for: \(script)")
  }

  /// The WebDriver id of the first element matching a CSS selector.
  public func element(_ selector: String) throws -> String {
    let value = try send("POST", "element", ["using": "css selector", "value": selector])
    guard let object = value as? [String: Any], let id = object.values.first as? String else {
      throw WebDriverError(message: "no element for \(selector)")
    }
    return id
  }

  /// Runs the commands that follow in the frame `selector` finds (its document, its scripts'
  /// globals); ``leaveFrame()`` comes back to the page.
  public func enterFrame(_ selector: String) throws {
    let id = try element(selector)
    _ = try send("POST", "frame", ["id": ["element-6066-11e4-a52e-4f735466cecf": id]])
  }

  /// Runs the commands that follow in the page again, out of any frame.
  public func leaveFrame() throws {
    _ = try send("POST", "frame", ["id": NSNull()])
  }

  /// Moves the mouse to a point of the viewport (over an element, say, without pressing).
  public func movePointer(toX x: Int, y: Int) throws {
    let pointer: [String: Any] = [
      "type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"],
      "actions": [["type": "pointerMove", "x": x, "y": y, "duration": 0]],
    ]
    _ = try send("POST", "actions", ["actions": [pointer]])
  }

  /// Clicks an element as a user would (at its centre, with pointer events).
  public func click(_ selector: String) throws {
    let id = try element(selector)
    _ = try send("POST", "element/\(id)/click", [:])
  }

  /// Types into an element; `WebDriverKey` holds the special keys.
  public func type(_ text: String, into selector: String) throws {
    let id = try element(selector)
    _ = try send("POST", "element/\(id)/value", ["text": text])
  }

  /// Presses keys on whatever has the focus.
  public func press(_ keys: String) throws {
    var actions: [[String: Any]] = []
    for key in keys.unicodeScalars.map(String.init) {
      actions.append(["type": "keyDown", "value": key])
      actions.append(["type": "keyUp", "value": key])
    }
    _ = try send("POST", "actions", ["actions": [["type": "key", "id": "keyboard", "actions": actions]]])
    _ = try send("DELETE", "actions", nil)
  }

  /// Drags with the mouse from one point of the viewport by an offset.
  public func drag(fromX x: Int, y: Int, byX dx: Int, y dy: Int) throws {
    let steps: [[String: Any]] = [
      ["type": "pointerMove", "x": x, "y": y, "duration": 0],
      ["type": "pointerDown", "button": 0],
      ["type": "pointerMove", "x": x + dx / 2, "y": y + dy / 2, "duration": 50],
      ["type": "pointerMove", "x": x + dx, "y": y + dy, "duration": 50],
      ["type": "pointerUp", "button": 0],
    ]
    let pointer: [String: Any] = [
      "type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"], "actions": steps,
    ]
    _ = try send("POST", "actions", ["actions": [pointer]])
    _ = try send("DELETE", "actions", nil)
  }

  /// Turns the mouse wheel over a point of the viewport.
  public func scrollWheel(atX x: Int, y: Int, deltaY: Int) throws {
    let wheel: [String: Any] = [
      "type": "wheel", "id": "wheel",
      "actions": [["type": "scroll", "x": x, "y": y, "deltaX": 0, "deltaY": deltaY, "duration": 0]],
    ]
    _ = try send("POST", "actions", ["actions": [wheel]])
  }

  /// The browser console's entries since the last call: (level, message).
  public func consoleEntries() throws -> [(level: String, message: String)] {
    let value = try send("POST", "se/log", ["type": "browser"])
    let entries = value as? [[String: Any]] ?? []
    return entries.map { (($0["level"] as? String) ?? "", ($0["message"] as? String) ?? "") }
  }

  /// A PNG of the viewport.
  public func screenshot() throws -> Data {
    let value = try send("GET", "screenshot", nil)
    guard let text = value as? String, let data = Data(base64Encoded: text) else {
      throw WebDriverError(message: "no screenshot")
    }
    return data
  }

  /// Ends the session and quits its browser.
  public func close() {
    _ = try? WebDriverRequest.send("DELETE", port: port, path: base, body: nil)
  }

  private func send(_ method: String, _ path: String, _ body: [String: Any]?) throws -> Any {
    try WebDriverRequest.send(method, port: port, path: base + "/" + path, body: body)
  }
}

/// The special keys of WebDriver's key actions.
public enum WebDriverKey {
  public static let enter = "\u{E007}"
  public static let escape = "\u{E00C}"
  public static let arrowLeft = "\u{E012}"
  public static let arrowRight = "\u{E014}"
  public static let arrowUp = "\u{E013}"
  public static let arrowDown = "\u{E015}"
  public static let backspace = "\u{E003}"
  public static let home = "\u{E011}"
  public static let end = "\u{E010}"
}

/// A WebDriver command that failed, with the driver's message.
public struct WebDriverError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { "WebDriver: \(message)" }
}

/// One exchange with the driver: JSON in, the response's `value` out.
enum WebDriverRequest {
  static func send(_ method: String, port: Int, path: String, body: [String: Any]?) throws -> Any {
    let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
    let (_, answer) = try LocalHTTP.exchange(method, port: port, path: path, body: data)
    guard let object = try JSONSerialization.jsonObject(with: answer, options: [.fragmentsAllowed]) as? [String: Any]
    else {
      throw WebDriverError(message: "unreadable answer to \(method) \(path)")
    }
    let value = object["value"] ?? NSNull()
    if let failure = value as? [String: Any], let error = failure["error"] as? String {
      throw WebDriverError(message: "\(method) \(path): \(error): \(failure["message"] as? String ?? "")")
    }
    return value
  }
}
