// SimulatedWidgetKit: timeline providers, timelines and WidgetCenter on a HealthKitSimulation's
// virtual time, with a modelled reload budget (docs/swift-api.md#widgets). Apple's API:
// https://developer.apple.com/documentation/widgetkit
