// SimulatedWidgetKit: timeline providers, timelines and WidgetCenter on a HealthKitSimulation's
// virtual time, with a modelled reload budget (docs/swift-api.md#widgets). Apple's API:
// https://developer.apple.com/documentation/widgetkit
// Re-exports Foundation, as Apple's framework does: `Date`, `DateComponents` and `URL` are in
// scope with this module's import alone.
@_exported import Foundation
