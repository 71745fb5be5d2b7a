import MVVMIO
import MovieUI

await MovieApp.main(command: "mvvm-io") { client, window in
    App(client: client, window: window)
}
