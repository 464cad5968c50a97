import RecoilSnapshot

/// `recoil-inspect query SNAPSHOT --<question>`: answers an everyday question about a state
/// graph in text, or in JSON for scripts.
struct QueryCommand: Command {
  static let name = "query"
  static let summary =
    "Answer a question about a snapshot: dependents, dependencies, slowest, wasted, churn, errors, loading, cycles."
  static let operands = "<snapshot>"
  static let discussion = """
    Asks one question of SNAPSHOT:
      --dependents ID     what depends on ID, directly or not, with each node's distance
      --dependencies ID   what ID depends on, directly or not
      --slowest           the selectors that took longest, by total time (or --by mean|count)
      --wasted            evaluations whose result equalled the previous value, per selector
      --subscribers ID    ID's subscriptions (views, observe, scopes), with calls and timings
      --churn             work per cause: each node's writes and evaluations, the most for any
                          one cause (more than one is a defect signal), fan-out, wasted
      --errors            nodes in error, with their messages
      --loading           async nodes still loading
      --in-flight         async nodes loading and effects running, with for how long
      --cycles            dependency cycles
    --slowest --subscribers ranks subscriptions' callbacks instead of selectors.
    --depth limits how many hops --dependents and --dependencies follow; --limit how many rows
    --slowest, --wasted and --churn list (10 by default). --wasted, --churn and --in-flight
    read the causal timeline. An unknown ID is a usage error naming the near matches.
    --format json prints one JSON object (shapes in Docs/command-line.md).
    """
  static let options: [OptionSpec] = [
    .option("dependents", value: "id", help: "What depends on this node.", choice: "question"),
    .option("dependencies", value: "id", help: "What this node depends on.", choice: "question"),
    .flag("slowest", help: "The slowest selectors.", choice: "question"),
    .flag("wasted", help: "Evaluations that changed nothing, per selector.", choice: "question"),
    .optionalNodeID(
      "subscribers", value: "id",
      help: "A node's subscriptions; with --slowest, rank subscriptions' callbacks instead of selectors.",
      choice: "question"),
    .flag("churn", help: "Work per cause: the nodes that did most for one cause.", choice: "question"),
    .flag("in-flight", help: "Async nodes loading and effects running, with for how long.", choice: "question"),
    .flag("errors", help: "Nodes in error.", choice: "question"),
    .flag("loading", help: "Nodes still loading.", choice: "question"),
    .flag("cycles", help: "Dependency cycles.", choice: "question"),
    .option("depth", value: "n", help: "Hops to follow for --dependents and --dependencies (default: all)."),
    .option("by", value: "order", help: "Rank --slowest by total (default), mean or count.")
      .completing(["total", "mean", "count"]),
    .option("limit", value: "n", help: "Rows for --slowest, --wasted and --churn (default 10)."),
    OutputFormat.option,
  ]

  enum Question: Equatable {
    case dependents(String)
    case dependencies(String)
    case slowest
    case slowestSubscribers
    case subscribers(String)
    case wasted
    case churn
    case inFlight
    case errors
    case loading
    case cycles
  }

  enum Ranking: String {
    case total, mean, count
  }

  var input: SnapshotInput
  var question: Question
  var depth: Int?
  var ranking = Ranking.total
  var limit = 10
  var json = false

  init(_ arguments: ParsedArguments) throws(UsageError) {
    input = try SnapshotInput(arguments)
    var questions: [Question] = []
    if let id = arguments.value("dependents") { questions.append(.dependents(id)) }
    if let id = arguments.value("dependencies") { questions.append(.dependencies(id)) }
    if let id = arguments.value("subscribers") {
      questions.append(.subscribers(id))
    } else if arguments.has("subscribers") && !arguments.has("slowest") {
      throw .invalidValue(
        option: "--subscribers", value: "(no node)", expected: "a node id, or --slowest to rank the callbacks")
    }
    if arguments.has("slowest") { questions.append(arguments.has("subscribers") ? .slowestSubscribers : .slowest) }
    if arguments.has("wasted") { questions.append(.wasted) }
    if arguments.has("churn") { questions.append(.churn) }
    if arguments.has("in-flight") { questions.append(.inFlight) }
    if arguments.has("errors") { questions.append(.errors) }
    if arguments.has("loading") { questions.append(.loading) }
    if arguments.has("cycles") { questions.append(.cycles) }
    guard questions.count == 1, let question = questions.first else {
      throw .invalidValue(
        option: "query", value: questions.isEmpty ? "(none)" : "\(questions.count) questions",
        expected:
          "exactly one of --dependents, --dependencies, --slowest, --subscribers, --wasted, --churn, --errors, --loading, --in-flight, --cycles"
      )
    }
    self.question = question
    depth = try Self.positiveNumber(arguments.value("depth"), option: "--depth")
    limit = try Self.positiveNumber(arguments.value("limit"), option: "--limit") ?? 10
    if let by = arguments.value("by") {
      guard let ranking = Ranking(rawValue: by) else {
        throw .invalidValue(option: "--by", value: by, expected: "total, mean or count")
      }
      self.ranking = ranking
    }
    json = try OutputFormat(arguments) == .json
  }

  private static func positiveNumber(_ text: String?, option: String) throws(UsageError) -> Int? {
    guard let text else { return nil }
    guard let value = Int(text), value > 0 else {
      throw .invalidValue(option: option, value: text, expected: "a positive number")
    }
    return value
  }

  func run(streams: StandardStreams) throws(CommandFailure) {
    let snapshot = try input.load(streams: streams)
    let answer = try QueryAnswer(question: question, snapshot: snapshot, depth: depth, ranking: ranking, limit: limit)
    streams.output(json ? answer.json() : answer.text(style: streams.outputStyle))
  }
}
