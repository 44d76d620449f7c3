// SimulatedRelevanceKit: RelevanceKit's contextual clues (`RelevantContext`) under Apple's names,
// which SimulatedWidgetKit evaluates against a HealthKitSimulation's world on virtual time (the
// watch's Smart Stack, docs/swift-api.md#relevance). Apple's API:
// https://developer.apple.com/documentation/relevancekit
// Re-exports Foundation, as Apple's framework does: `Date` and `DateInterval` are in scope with
// this module's import alone.
@_exported import Foundation
