// SimulatedWatchConnectivity: WatchConnectivity's own names and shapes (`WCSession`,
// `WCSessionDelegate`, `WCError`, the transfer objects) with both ends, the watch app's and the
// iPhone app's, in one `AppSimulation`, on its virtual time. The delivery rules are the
// engine's (docs/phone-link.md); this module turns the engine's `link` log entries into
// delegate calls and handlers.
//
// App code keeps the real framework on the devices it runs on and changes only its import:
//
//     #if os(watchOS) || os(iOS)
//     import WatchConnectivity
//     #else
//     import SimulatedWatchConnectivity
//     #endif
//
// Apple's framework: https://developer.apple.com/documentation/watchconnectivity
@_exported import Foundation
// The simulation (`AppSimulation`) the framework runs on: a test that imports only this module
// can make one.
@_exported import SimulationDriver
