@main
enum MVCApp {
    static func main() {
        print("The MVC step arrives with its issue.")
    }
}
