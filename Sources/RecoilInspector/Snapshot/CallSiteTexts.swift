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
  /// The last few sites met, looked through before hashing: a run of actions tends to come
  /// from a handful of sites.
  private var recent: [(key: Key, text: String)] = []
  private var nextRecent = 0

  /// `site`'s text.
  mutating func text(of site: CallSite) -> String {
    let storage = site.storageKey
    let key = Key(file: storage.x, lengthAndLine: storage.y)
    for index in recent.indices where recent[index].key == key { return recent[index].text }
    let text = texts[key] ?? site.description
    texts[key] = text
    if recent.count < 8 {
      recent.append((key, text))
    } else {
      recent[nextRecent] = (key, text)
      nextRecent = (nextRecent + 1) % recent.count
    }
    return text
  }
}
