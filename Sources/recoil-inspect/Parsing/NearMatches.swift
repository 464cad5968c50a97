/// Suggestions for a misspelt name: the known names within a small edit distance of it, or
/// that contain it, closest first.
///
/// ```swift
/// NearMatches.of("Pricng.total", in: ["Pricing.total", "Cart.total"])  // ["Pricing.total"]
/// ```
enum NearMatches {
  static func of(_ name: String, in known: [String], limit: Int = 3) -> [String] {
    let lowered = name.lowercased()
    let bound = max(2, name.count / 4)
    let scored = known.compactMap { candidate -> (String, Int)? in
      let distance = EditDistance.between(lowered, candidate.lowercased())
      if distance <= bound { return (candidate, distance) }
      if !lowered.isEmpty && candidate.lowercased().contains(lowered) { return (candidate, bound + 1) }
      return nil
    }
    return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(limit).map(\.0)
  }
}
/// Levenshtein distance, for "did you mean" suggestions.
/// The Levenshtein distance between two strings, by characters.
enum EditDistance {
  static func between(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in stride(from: 1, through: b.count, by: 1) {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return a.isEmpty ? b.count : previous[b.count]
  }
}
