import MVVMCDI
import MovieUI

await MovieApp.main(command: "mvvm-c-di") { client, window, clock in
    App(client: client, window: window, clock: clock)
}
