import MVVMCDI
import MovieLauncher

await MovieApp.main(command: "mvvm-c-di") { client, timeWindow, clock in
    App(client: client, timeWindow: timeWindow, clock: clock)
}
