import SimulatedRelevanceKit

/// Builds only while SimulatedRelevanceKit re-exports Foundation, as RelevanceKit does: `Date`
/// and `DateInterval` with this one import (the file imports nothing else).
func relevanceKitFoundationUse() -> (DateInterval, Date) {
  let start = Date(timeIntervalSince1970: 1_767_571_200)
  return (DateInterval(start: start, duration: 600), start.addingTimeInterval(60))
}
