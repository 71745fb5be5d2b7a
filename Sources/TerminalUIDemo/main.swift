print("terminal-demo")
