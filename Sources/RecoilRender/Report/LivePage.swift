/// The page `recoil-inspect live --serve` serves: the sessions it has seen (one per app
/// connection, `[data-session]`), and the chosen one's report, kept current through the
/// server's event stream (see `Web/live/live-page.js`).
///
/// Like the report, it allows only its own style and script (by a nonce); it may also open
/// the server's event stream and frame the server's reports (`'self'`).
///
/// ```swift
/// let page = LivePage.html(title: "recoil-inspect live")
/// ```
public enum LivePage {
  /// The page, titled `title`.
  ///
  /// - Parameter title: Shown in the bar and the window's title.
  /// - Returns: The page's bytes, UTF-8.
  public static func html(title: String) -> [UInt8] {
    let nonce = ReportPage.makeNonce()
    let shown = ReportPage.text(title)
    return Array(
      """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-\(nonce)'; \
      style-src 'nonce-\(nonce)'; connect-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'none'">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="generator" content="recoil-inspect">
      <title>\(shown)</title>
      <style nonce="\(nonce)">
      \(ReportAssets.liveStyle)
      </style>
      </head>
      <body>
      <header>
      <h1>\(shown)</h1>
      <nav id="sessions" aria-label="Apps"></nav>
      <label title="Show the latest entry as it arrives"><input type="checkbox" id="follow" checked> Follow</label>
      <span id="status" role="status"></span>
      <span id="control-answer" role="status"></span>
      <p id="jumped" role="status" hidden><span id="jumped-text"></span> \
      <button type="button" id="resume">Resume</button> <span id="resume-answer"></span></p>
      </header>
      <main id="frames"><p id="empty">Waiting for an app. Start one with its inspector streaming here, \
      for example <code>cart-demo --stream tcp:127.0.0.1:PORT --pace 300 --loop</code>.</p></main>
      <script nonce="\(nonce)">
      \(ReportAssets.liveScript)
      </script>
      </body>
      </html>

      """.utf8)
  }
}
