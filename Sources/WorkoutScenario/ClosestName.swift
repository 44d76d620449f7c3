/// The candidate closest to `text` by edit distance (ignoring case), if within 2 edits and
/// less than half of `text`'s length (so `--sed` suggests `--seed`, but `-x` suggests nothing):
/// the one did-you-mean of the project, for unknown scenario keys and values, `expect` paths
/// that name a missing member, resource names, and the command line's options and values.
package func closestName(to text: String, among candidates: [String]) -> String? {
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
