// SimulatedNetwork: the phone's network on a HealthKitSimulation's virtual time: offline spans
// under URLSession and NWPathMonitor (docs/swift-api.md#the-network). Apple's API:
// https://developer.apple.com/documentation/network
