package in.aaspaas.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
