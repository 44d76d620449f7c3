/// The candidate closest to `text` by edit distance (ignoring case), if within 2 edits and
/// less than half of `text`'s length (so `--sed` suggests `--seed`, but `-x` suggests nothing);
/// else, for a `text` of three characters or more, the shortest candidate (the first of equals)
/// that `text` names by a part: its last `/` component, ignoring case and with `_` read as a
/// space (`Tokyo` and `new york` suggest `Asia/Tokyo` and `America/New_York`), or its words up
/// to a `-` (`timezone` suggests `timezone-trip`); else, for a `text` of five characters or more,
/// the shortest candidate that contains it, ignoring case (`strengthTraining` suggests
/// `functionalStrengthTraining`). The one did-you-mean of the project, for
/// unknown scenario keys and values, time zone names, `expect` paths that name a missing
/// member, resource names, and the command line's options and values.
package func closestName(to text: String, among candidates: [String]) -> String? {
  closestNames(to: text, among: candidates).first
}

/// ``closestName(to:among:)`` with every candidate of the containment step (at most `limit`,
/// shortest first, the first of equals first), for a message that lists them all
/// (`strengthTraining`: `functionalStrengthTraining` and `traditionalStrengthTraining`); the
/// spelling and part steps give one.
package func closestNames(to text: String, among candidates: [String], limit: Int = 3) -> [String] {
  if let close = closestBySpelling(to: text, among: candidates)
    ?? closestByPart(to: text, among: candidates)
  {
    return [close]
  }
  return closestByContainment(to: text, among: candidates, limit: limit)
}

/// The containment match of ``closestNames(to:among:limit:)``.
private func closestByContainment(to text: String, among candidates: [String], limit: Int)
  -> [String]
{
  let key = text.lowercased()
  guard key.count >= 5 else { return [] }
  let found = candidates.enumerated().filter { $0.element.lowercased().contains(key) }
  let sorted = found.sorted {
    ($0.element.count, $0.offset) < ($1.element.count, $1.offset)
  }
  return sorted.prefix(limit).map(\.element)
}

/// The part match of ``closestName(to:among:)``.
private func closestByPart(to text: String, among candidates: [String]) -> String? {
  func folded(_ text: String) -> String { String(text.lowercased().map { $0 == "_" ? " " : $0 }) }
  let key = folded(text)
  guard key.count >= 3 else { return nil }
  var best: String?
  for candidate in candidates {
    let name = folded(candidate)
    let city = name.split(separator: "/").last.map(String.init) ?? name
    guard city == key || name.hasPrefix(key + "-") else { continue }
    if best == nil || candidate.count < best!.count { best = candidate }
  }
  return best
}

/// The edit-distance match of ``closestName(to:among:)``.
private func closestBySpelling(to text: String, among candidates: [String]) -> String? {
  let source = Array(text.lowercased())
  var best: (name: String, distance: Int)?
  for candidate in candidates {
    let target = Array(candidate.lowercased())
    var previous = Array(0...target.count)
    for (i, a) in source.enumerated() {
      var current = [i + 1] + Array(repeating: 0, count: target.count)
      for (j, b) in target.enumerated() {
        current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (a == b ? 0 : 1))
      }
      previous = current
    }
    let distance = previous[target.count]
    if distance <= 2, distance * 2 < max(source.count, 1),
      best == nil || distance < best!.distance
    {
      best = (candidate, distance)
    }
  }
  return best?.name
}
