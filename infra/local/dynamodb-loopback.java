import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local on loopback only. Its own runner builds the server from the usual arguments; it
 * has no option for the address, so its Jetty connector is bound to 127.0.0.1 before it starts
 * (run with `java` in source-file mode, infra/local/dynamodb.ts).
 */
public class DynamoDbLoopback {
  public static void main(String[] args) throws Exception {
    System.setProperty("org.eclipse.jetty.LEVEL", "WARN");
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector connector : server.getConnectors()) {
      ((ServerConnector) connector).setHost("127.0.0.1");
    }
    proxy.start();
    proxy.join();
  }
}
