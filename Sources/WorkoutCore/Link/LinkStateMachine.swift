/// The phone link's rules (docs/phone-link.md): activation, reachability, the phone app, and
/// the transfers between the two sides. Placeholder shape: the full machine follows.
struct LinkStateMachine: Sendable, Hashable {
  let settings: LinkConfiguration
  var paired: Bool
  var watchAppInstalled: Bool
  var complicationEnabled: Bool
  var phoneApp: PhoneAppState
  var lastTransfer = 0

  init(settings: LinkConfiguration) {
    self.settings = settings
    self.paired = settings.paired
    self.watchAppInstalled = settings.watchAppInstalled
    self.complicationEnabled = settings.complicationEnabled
    self.phoneApp = settings.phoneApp
  }
}
