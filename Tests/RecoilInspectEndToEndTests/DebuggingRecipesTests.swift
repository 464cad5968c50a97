import Foundation
import Testing

/// Runs every command of the debugging recipes (`Docs/recipes.md`) and of the README's tour, and
/// compares its output with what the page shows. A block ending in `…` shows the first lines of
/// the output only.
@Suite struct DebuggingRecipesTests {
  struct Recipe: CustomStringConvertible, Sendable {
    var arguments: [String]
    var shown: [String]
    var isPrefix: Bool
    var description: String { arguments.joined(separator: " ") }
  }

  /// The recipes of `Docs/recipes.md`.
  static let recipes = recipes(in: "Docs/recipes.md")
  /// The commands of the README's tour, shown with their output like the recipes.
  static let tour = recipes(in: "README.md")

  /// Every `console` block of the Markdown file at `path` (from the repository's root) whose
  /// first line runs `recoil-inspect`.
  static func recipes(in path: String) -> [Recipe] {
    let file = ExecutableRunner.repositoryRoot.appending(path: path)
    guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
    var recipes: [Recipe] = []
    for block in text.components(separatedBy: "```console\n").dropFirst() {
      let body = block.components(separatedBy: "\n```")[0]
      var lines = body.components(separatedBy: "\n")
      let command = lines.removeFirst()
      guard command.hasPrefix("$ recoil-inspect ") else { continue }
      let isPrefix = lines.last == "…"
      if isPrefix { lines.removeLast() }
      recipes.append(
        Recipe(
          arguments: words(of: String(command.dropFirst("$ recoil-inspect ".count))), shown: lines, isPrefix: isPrefix))
    }
    return recipes
  }

  /// Splits a command line into words, honouring single quotes (all the README uses).
  static func words(of line: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quoted = false
    for character in line {
      if character == "'" {
        quoted.toggle()
      } else if character == " " && !quoted {
        if !current.isEmpty { words.append(current) }
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  @Test func thePagesHaveEveryRecipe() {
    // One per question, wasted work, the slice history and an atom's history; which views a
    // change reached and the slowest callbacks, why not, churn and the budget that holds it.
    #expect(Self.recipes.count == 16)
    // The tour: the graph, the report, and the chain of causes.
    #expect(Self.tour.count >= 2)
  }

  @Test(arguments: recipes + tour)
  func eachRecipeShowsItsRealOutput(recipe: Recipe) throws {
    let outcome = try ExecutableRunner.run(recipe.arguments, currentDirectory: ExecutableRunner.repositoryRoot)
    // check exits 1 when it finds something; that is its answer, not a failure.
    #expect(outcome.status == 0 || (recipe.arguments.first == "check" && outcome.status == 1), "\(outcome.stderr)")
    var output = outcome.stdoutText.components(separatedBy: "\n")
    if output.last == "" { output.removeLast() }
    if recipe.isPrefix {
      #expect(Array(output.prefix(recipe.shown.count)) == recipe.shown)
    } else {
      #expect(output == recipe.shown)
    }
  }
}
