import RecoilConcurrency

/// The text of call sites (`Module/File.swift:12`), made once per site: a timeline's
/// thousands of actions come from a few sites.
///
/// ```swift
/// var texts = CallSiteTexts()
/// texts.text(of: CallSite(file: #fileID, line: #line))
/// ```
struct CallSiteTexts {
  /// By where the file name is stored and the line (`CallSite.storageKey`), as one hashable
  /// value the dictionary hashes without going through `SIMD2`'s generic hashing.
  private struct Key: Hashable {
    let file: UInt64
    let lengthAndLine: UInt64
  }

  private var texts: [Key: String] = [:]

  /// `site`'s text.
  mutating func text(of site: CallSite) -> String {
    let storage = site.storageKey
    let key = Key(file: storage.x, lengthAndLine: storage.y)
    if let known = texts[key] { return known }
    let text = site.description
    texts[key] = text
    return text
  }
}
