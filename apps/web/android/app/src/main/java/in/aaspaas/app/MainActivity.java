package in.aaspaas.app;

import android.os.Bundle;
import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {

    @Override
    protected void onCreate(Bundle savedInstanceState) {
        // The app's own plugins, before the bridge is built (npm plugins are found by cap sync).
        registerPlugin(IntentLinksPlugin.class);
        super.onCreate(savedInstanceState);
    }
}
