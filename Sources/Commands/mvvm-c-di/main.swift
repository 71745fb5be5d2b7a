import MVVMCDI
import MovieUI

await MovieApp.main(command: "mvvm-c-di") { client, window in
    App(client: client, window: window)
}
