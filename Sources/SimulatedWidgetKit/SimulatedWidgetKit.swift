// SimulatedWidgetKit: timeline providers, timelines and WidgetCenter on an AppSimulation's
// virtual time, with a modelled reload budget (docs/swift-api.md#widgets). Apple's API:
// https://developer.apple.com/documentation/widgetkit
// Re-exports Foundation, as Apple's framework does: `Date`, `DateComponents` and `URL` are in
// scope with this module's import alone.
@_exported import Foundation
// The simulation (`AppSimulation`) the framework runs on: a test that imports only this module
// can make one.
@_exported import SimulationDriver
