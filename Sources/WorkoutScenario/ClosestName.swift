/// The candidate closest to `text` by edit distance (ignoring case), if within 2 edits and
/// less than half of `text`'s length (so `--sed` suggests `--seed`, but `-x` suggests nothing;
/// a key of 3 or 4 letters is allowed one edit: `gsp` suggests `gps`, `sede` suggests `seed`).
/// The distance is the optimal string alignment distance: an insertion, a deletion, a
/// substitution or a swap of two adjacent letters is one edit each (`gsp` is one swap from
/// `gps`; plain Levenshtein counted two and suggested nothing, new-user trial 27). When two
/// candidates tie at the closest distance the spelling step suggests neither (project rule:
/// the message lists the keys anyway, and a guess between two would as often be wrong: `aps`
/// is one edit from both `app` and `gps`; docs/scenario-format.md#syntax); else, for a `text` of three characters or more, the shortest candidate (the first of equals)
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

/// The edit-distance match of ``closestName(to:among:)``: `nil` when two candidates (different
/// ignoring case) tie at the closest distance.
private func closestBySpelling(to text: String, among candidates: [String]) -> String? {
  let source = Array(text.lowercased())
  var best: (name: String, folded: String, distance: Int)?
  var tied = false
  for candidate in candidates {
    let folded = candidate.lowercased()
    let distance = alignmentDistance(source, Array(folded))
    guard distance <= 2, distance * 2 < max(source.count, 1) else { continue }
    if let current = best, distance >= current.distance {
      if distance == current.distance, folded != current.folded { tied = true }
      continue
    }
    best = (candidate, folded, distance)
    tied = false
  }
  return tied ? nil : best?.name
}

/// The optimal string alignment distance of `a` and `b`: the fewest insertions, deletions,
/// substitutions and swaps of two adjacent characters that turn `a` into `b`, no character
/// edited twice (`gsp` → `gps`: 1; `sede` → `seed`: 1; `ab` → `ba`: 1).
func alignmentDistance(_ a: [Character], _ b: [Character]) -> Int {
  // rows[i][j]: the distance of a's first i characters and b's first j.
  var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
  for i in 0...a.count { rows[i][0] = i }
  for j in 0...b.count { rows[0][j] = j }
  for i in stride(from: 1, through: a.count, by: 1) {
    for j in stride(from: 1, through: b.count, by: 1) {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      var value = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
      if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
        value = min(value, rows[i - 2][j - 2] + 1)
      }
      rows[i][j] = value
    }
  }
  return rows[a.count][b.count]
}
