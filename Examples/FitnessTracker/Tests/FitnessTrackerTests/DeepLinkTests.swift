// The app's URL scheme: the widget's `fitnesstracker://dashboard` opens the dashboard tab.
import FitnessTracker
import FitnessTrackerKit
import Foundation
import Testing

@Suite("Deep link")
struct DeepLinkTests {
  @Test("The widget's link opens the dashboard; the other tabs by name")
  func tabs() {
    #expect(DeepLink.dashboard.url.absoluteString == "fitnesstracker://dashboard")
    #expect(AppTab(url: URL(string: "fitnesstracker://dashboard")!) == .dashboard)
    #expect(AppTab(url: URL(string: "FitnessTracker://Dashboard/")!) == .dashboard)
    #expect(AppTab(url: URL(string: "fitnesstracker://history")!) == .history)
    #expect(AppTab(url: URL(string: "fitnesstracker://settings")!) == .settings)
  }

  @Test("Other URLs are not the app's: no tab")
  func others() {
    #expect(AppTab(url: URL(string: "https://dashboard")!) == nil)
    #expect(AppTab(url: URL(string: "fitnesstracker://profile")!) == nil)
    #expect(AppTab(url: URL(string: "fitnesstracker://dashboard/steps")!) == nil)
    #expect(AppTab(url: URL(string: "fitnesstracker://dashboard?tab=2")!) == nil)
    #expect(AppTab(url: URL(string: "fitnesstracker:dashboard")!) == nil)
  }
}
