// SimulatedNetwork: the phone's network under the Network framework's NWPathMonitor and
// URLSession's protocol classes, on a HealthKitSimulation's virtual time
// (docs/swift-api.md#the-network). Apple's API: https://developer.apple.com/documentation/network
// Re-exports Foundation, as Apple's framework does: `Date`, `DateComponents` and `URL` are in
// scope with this module's import alone.
@_exported import Foundation
