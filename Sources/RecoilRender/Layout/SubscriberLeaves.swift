import RecoilSnapshot

extension GraphDescription {
  /// Draws each subscription of a drawn node as a leaf below it (`render --subscribers`):
  /// which views and scopes a node reaches, each with its calls and callback time. A leaf's
  /// SVG id is `s` and its index among the snapshot's subscriptions.
  ///
  /// ```swift
  /// description.addSubscriberLeaves(of: snapshot, nameOfID: ["Cart.count": "n3"])
  /// ```
  mutating func addSubscriberLeaves(of snapshot: Snapshot, nameOfID: [String: String]) {
    for (index, subscription) in snapshot.subscriptions.enumerated() {
      guard let parent = nameOfID[subscription.node] else { continue }
      let name = "s\(index)"
      var facts = ["\(subscription.calls) call\(subscription.calls == 1 ? "" : "s")"]
      if let stats = subscription.timings, let mean = stats.meanNanos {
        facts.append("mean " + DurationText.format(nanos: mean))
      }
      if !subscription.isActive { facts.append("ended") }
      let tooltip = "subscription \(subscription.name) to \(subscription.node): " + facts.joined(separator: ", ")
      var attributes: [(String, String)] = [("id", name), ("class", "subscriber")]
      attributes += NodeLook.subscriber(isActive: subscription.isActive).attributes
      attributes += [("fontsize", "10"), ("tooltip", LabelText.attribute(tooltip))]
      let label =
        LabelText.html(LabelText.preview(subscription.name, limit: 40)) + "<BR/>"
        + "<FONT POINT-SIZE=\"9\" COLOR=\"\(Palette.mutedText)\">\(LabelText.html(facts.joined(separator: " · ")))</FONT>"
      nodes.append(Node(name: name, attributes: attributes, htmlLabel: label))
      edges.append(
        Edge(
          tail: parent, head: name,
          attributes: [
            ("class", "subscribes"), ("color", Palette.subscriberBorder), ("arrowhead", "dot"),
            ("tooltip", LabelText.attribute("\(subscription.node) → \(subscription.name)")),
          ]))
    }
  }
}
